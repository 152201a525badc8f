import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MIN } from '../../../common/api/auth/limits.js';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. (@node-rs/argon2 defaults to argon2id.) */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so unknown addresses can't be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
}

interface Strength {
  scorer: ZxcvbnFactory;
  /** The ~50,000 most common passwords (zxcvbn's dictionary), lower case. */
  commonPasswords: Set<string>;
}

let strength: Promise<Strength> | undefined;

/**
 * zxcvbn and its dictionaries, loaded on first use: decompressing the dictionaries took a
 * tenth of a second of every cold start (bench/README.md, "Cold start").
 */
function passwordStrength(): Promise<Strength> {
  strength ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }]) => ({
      scorer: new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
      commonPasswords: new Set(
        (dictionary['passwords-common'] as string[])
          .filter((p) => p.length >= PASSWORD_MIN)
          .map((p) => p.toLowerCase()),
      ),
    }),
  );
  return strength;
}

/**
 * zxcvbn's scores: 0 and 1 are guessable within about a million guesses (keyboard walks,
 * dates, repeats, dictionary words with a digit); 2 and up withstand an online attack.
 */
export const MIN_PASSWORD_SCORE = 2;

/**
 * Why the password is too weak, or null when it is fine: one repeated character, a password on
 * the common list, or one zxcvbn scores below 2 (its guess counts also use the user's own name
 * and address, so "robin-robin" is weak for Robin).
 */
export async function passwordWeakness(
  password: string,
  userInputs: string[] = [],
): Promise<string | null> {
  if (/^(.)\1*$/su.test(password))
    return 'This password repeats one character. Choose one that is harder to guess.';
  const { scorer, commonPasswords } = await passwordStrength();
  if (commonPasswords.has(password.toLowerCase()))
    return 'This password is too common. Choose one that is harder to guess.';
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)]);
  if (
    scorer.check(
      password,
      inputs.filter((input) => input.length > 2),
    ).score < MIN_PASSWORD_SCORE
  )
    return 'This password is too easy to guess. Use a longer one, e.g. a few unrelated words.';
  return null;
}
