/**
 * @simplewebauthn/server, imported on first use: with its helpers (which bring X.509 and ASN.1
 * parsers) it was the heaviest import of a cold start, a quarter of a second (bench/README.md,
 * "Cold start"), and only passkey ceremonies need it.
 */
export const webauthnServer = () => import('@simplewebauthn/server');
export const webauthnHelpers = () => import('@simplewebauthn/server/helpers');
