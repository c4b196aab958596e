import { hash, verify } from '@node-rs/argon2';

// OWASP minimum for argon2id: 19 MiB memory, 2 iterations, 1 lane.
// algorithm 2 is Argon2id (a const enum in the typings, unusable under verbatimModuleSyntax).
const PRODUCTION = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id at its smallest cost (8 KiB, 1 iteration), for test suites only: they create and log in hundreds of
 * users whose hashing is not what they test. Taken only when both NODE_ENV=test and PASSWORD_HASH_COST=minimum
 * (vitest.config.ts sets them for the suites), so no production setting can weaken it; verification reads the
 * cost from each stored hash, so hashes of either cost keep verifying.
 */
const TEST_MINIMUM = { algorithm: 2 as const, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

/** Read at each call, so the tests of hashing itself can ask for the production cost. */
export const passwordHashOptions = () =>
  process.env.NODE_ENV === 'test' && process.env.PASSWORD_HASH_COST === 'minimum' ? TEST_MINIMUM : PRODUCTION;

export const hashPassword = (password: string): Promise<string> => hash(password, passwordHashOptions());

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;
/** Burns the same time as a real check, so a missing account cannot be told apart by timing. */
export const verifyAgainstDummy = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword('dummy-password-for-timing-1');
  await verifyPassword(await dummyHash, password);
};
