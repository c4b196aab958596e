import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, passwordHashOptions, verifyPassword } from './passwords';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP cost (19 MiB, 2 iterations, 1 lane) outside the test suites', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PASSWORD_HASH_COST', 'minimum'); // no setting lowers the cost outside tests
    const stored = await hashPassword('Corretta-Password-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Corretta-Password-1')).toBe(true);
    expect(await verifyPassword(stored, 'Sbagliata-Password-1')).toBe(false);
  });

  it('takes the minimum cost only in tests that ask for it, and verifies hashes of either cost', async () => {
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('PASSWORD_HASH_COST', 'minimum');
    expect(passwordHashOptions()).toMatchObject({ memoryCost: 8, timeCost: 1 });
    const cheap = await hashPassword('Corretta-Password-1');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    vi.stubEnv('PASSWORD_HASH_COST', '');
    expect(passwordHashOptions()).toMatchObject({ memoryCost: 19456, timeCost: 2 });
    expect(await verifyPassword(cheap, 'Corretta-Password-1')).toBe(true);
  });

  it('answers false, not an error, for a stored value that is not a hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
