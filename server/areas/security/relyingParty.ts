import { isIP } from 'node:net';
import type { Config } from '../../config/config.js';

/** Shown in the browser's passkey prompt and in password managers. */
export const RP_NAME = 'Curator';

export interface RelyingParty {
  /** The RP ID: the public origin's host name (no port). */
  id: string;
  /** The exact origin the browser signs into its client data. */
  origin: string;
  /** Browsers refuse an IP address as RP ID: passkeys need the app served on a host name. */
  available: boolean;
}

/** The relying party is the configured public origin (APP_ORIGIN); see docs/security.md. */
export function relyingParty(config: Pick<Config, 'appOrigin'>): RelyingParty {
  const url = new URL(config.appOrigin);
  const id = url.hostname.replace(/^\[|\]$/g, '');
  return { id, origin: url.origin, available: isIP(id) === 0 };
}
