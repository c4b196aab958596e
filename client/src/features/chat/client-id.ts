/** The server's rule for a message's client id (shared/schemas/chat.ts, ZSendMessageRequest). */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A random id for one message, kept for its retries so the server stores it once: a UUID without dashes where
 * the browser has `crypto.randomUUID` (secure contexts only), otherwise 22 base64url characters (132 bits).
 */
export const newClientId = (random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string => {
  if (typeof random.randomUUID === 'function') return random.randomUUID().replace(/-/g, '');
  const bytes = random.getRandomValues(new Uint8Array(22));
  return Array.from(bytes, (byte) => ALPHABET[byte & 63]).join('');
};

/** The local id a message has until the server answers with the stored one. */
export const localMessageId = (clientId: string): string => `local-${clientId}`;
