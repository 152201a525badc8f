/** The plans' public entry: the limits that apply to a user now, and the error past one. */
export { limitsOf, planLimitReached, planOf } from './planLimits.js';
