import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/** A passkey prompt that did not end in a credential, with the sentence to show. */
export class PasskeyCeremonyError extends Error {
  override name = 'PasskeyCeremonyError';
}

const MESSAGES: Record<string, string> = {
  NotAllowedError: 'The passkey prompt was closed or timed out. Try again.',
  InvalidStateError: 'This device already holds a passkey for your account.',
  SecurityError:
    'Passkeys work only when Curator is opened at a host name (for example http://localhost:3000), not at an IP address.',
  AbortError: 'The passkey prompt was cancelled.',
};

function ceremonyError(error: unknown): PasskeyCeremonyError {
  const name = error instanceof Error ? error.name : '';
  // @simplewebauthn/browser wraps the DOMException and keeps its name.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.name : '';
  return new PasskeyCeremonyError(
    MESSAGES[name] ?? MESSAGES[cause] ?? 'Your browser could not use a passkey. Try again.',
  );
}

/** The browser's WebAuthn, loaded when a passkey is used (kept out of the first screens). */
async function webAuthn() {
  const browser = await import('@simplewebauthn/browser');
  if (!browser.browserSupportsWebAuthn()) {
    throw new PasskeyCeremonyError('This browser cannot use passkeys.');
  }
  return browser;
}

/** navigator.credentials.create() through @simplewebauthn/browser. */
export async function createPasskeyCredential(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await webAuthn();
  try {
    return await startRegistration({ optionsJSON });
  } catch (error) {
    throw ceremonyError(error);
  }
}

/** navigator.credentials.get() through @simplewebauthn/browser. */
export async function getPasskeyAssertion(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await webAuthn();
  try {
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw ceremonyError(error);
  }
}
