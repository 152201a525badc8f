import { appActions } from './app.js';
import { authActions } from './auth.js';

/** Every API action the product declares; the server registers exactly these. */
export const allActions = [...authActions, ...appActions] as const;
