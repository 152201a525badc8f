/**
 * Length limits of the auth contracts (common/api/auth.ts), repeated here so the client bundle
 * does not load the schemas. app/clientActions.test.ts keeps them equal to the contracts.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const NETWORK_MAX_LENGTH = 120;
