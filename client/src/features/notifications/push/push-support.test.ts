import { describe, expect, it } from 'vitest';
import { base64UrlToUint8Array, derivePushStatus, isPushSupported, isSameKey, isServerSubscribed } from './push-support';

describe('base64UrlToUint8Array', () => {
  it('decodes the url-safe alphabet without padding, as VAPID keys are sent', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xbf, 0x04, 0x00, 0x7e]);
    const base64url = Buffer.from(bytes).toString('base64url');
    expect(base64url).toMatch(/[-_]/);
    expect(base64url).not.toContain('=');
    expect([...base64UrlToUint8Array(base64url)]).toEqual([...bytes]);
  });

  it('accepts padded input and gives the 65 bytes of an uncompressed P-256 public key', () => {
    const key = Buffer.alloc(65, 7);
    key[0] = 4;
    expect([...base64UrlToUint8Array(`${key.toString('base64url')}=`)]).toEqual([...key]);
    expect(base64UrlToUint8Array(key.toString('base64url'))).toHaveLength(65);
  });
});

describe('push status', () => {
  const supported = { hasServiceWorker: true, hasPushManager: true, hasNotification: true };

  it('needs a service worker, the Push API and the Notifications API', () => {
    expect(isPushSupported(supported)).toBe(true);
    expect(isPushSupported({ ...supported, hasPushManager: false })).toBe(false);
    expect(isPushSupported({ ...supported, hasServiceWorker: false })).toBe(false);
    expect(isPushSupported({ ...supported, hasNotification: false })).toBe(false);
  });

  it('is on only when subscribed with the permission granted; denied wins; unsupported wins over all', () => {
    expect(derivePushStatus({ isSupported: true, permission: 'granted', isSubscribed: true })).toBe('on');
    expect(derivePushStatus({ isSupported: true, permission: 'granted', isSubscribed: false })).toBe('off');
    expect(derivePushStatus({ isSupported: true, permission: 'default', isSubscribed: true })).toBe('off');
    expect(derivePushStatus({ isSupported: true, permission: 'denied', isSubscribed: true })).toBe('denied');
    expect(derivePushStatus({ isSupported: false, permission: 'granted', isSubscribed: true })).toBe('unsupported');
  });

  it('reads the YES of check-subscription, and nothing else, as subscribed', () => {
    expect(isServerSubscribed('YES')).toBe(true);
    expect(isServerSubscribed('YES\n')).toBe(true);
    expect(isServerSubscribed('NO')).toBe(false);
    expect(isServerSubscribed(undefined)).toBe(false);
    expect(isServerSubscribed({ ok: true })).toBe(false);
  });

  it('compares the key a subscription was made with', () => {
    const key = Uint8Array.from([4, 1, 2]);
    expect(isSameKey(Uint8Array.from([4, 1, 2]).buffer, key)).toBe(true);
    expect(isSameKey(Uint8Array.from([4, 1, 3]).buffer, key)).toBe(false);
    expect(isSameKey(null, key)).toBe(true);
  });
});
