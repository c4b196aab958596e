import { createHash, randomBytes } from 'node:crypto';

/** A fresh secret of 256 random bits, URL-safe. */
export const createSecretToken = (): string => randomBytes(32).toString('base64url');

/** Only hashes of secrets are stored, so a leaked table grants nothing. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** How long a signed-in session lasts: the session row's expiry and the cookie's max-age. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
