import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { CONTRACT_MSG } from '../../../shared/schemas/contract';
import type { TDb } from '../../db/database';
import { loadOrCreateSecret } from '../../platform/app-secrets';
import { AppError } from '../../platform/errors';

/**
 * The rules of the one-time signing codes, one for every signature made by code: the corner's collaboration
 * contract (contract.service.ts) and the client's pre-contract pack (practices/precontract/precontract.signing.ts),
 * both through the signing flow of ./otp-signing.ts. A code is 6 digits, only its keyed hash is kept (bound to the
 * code's id), it signs for 10 minutes and 5 attempts, a new one may be asked for 60 seconds after the previous one
 * and 10 a day.
 */
/** How long a code signs, how many wrong tries it takes, how long before another may be sent. */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_WAIT_MS = 60 * 1000;
/** Codes one signer may ask for in 24 hours (with 5 tries each, guessing stays hopeless). */
export const OTP_DAILY_LIMIT = 10;

/** The key of the codes' hashes, made on first use and kept in app secrets under `secretName` (retried after a failure). */
export const createOtpKey = (db: TDb, secretName: string) => {
  let hmacKey: Promise<Buffer> | null = null;
  return () => {
    hmacKey ??= loadOrCreateSecret(
      db,
      secretName,
      () => ({ secret: randomBytes(32).toString('base64') }),
      (stored) => {
        const secret = (stored as { secret?: unknown } | null)?.secret;
        return typeof secret === 'string' && secret ? { secret } : null;
      },
    )
      .then(({ secret }) => Buffer.from(secret, 'base64'))
      .catch((error: unknown) => {
        hmacKey = null;
        throw error;
      });
    return hmacKey;
  };
};

/** Keyed hash of a code, bound to the code's id (a stolen table is no dictionary of 6-digit codes). */
export const hashOtpCode = (secret: Buffer, otpId: string, code: string) => createHmac('sha256', secret).update(`${otpId}:${code}`).digest();

/** A new code made at `at`: its id, the 6 digits, the hash to keep, when it stops signing. */
export const newOtpCode = (secret: Buffer, at: Date) => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = randomUUID();
  return { id, code, codeHash: hashOtpCode(secret, id, code).toString('hex'), expiresAt: new Date(at.getTime() + OTP_TTL_MS), maxAttempts: OTP_MAX_ATTEMPTS };
};

/** When another code may be asked for after one made at `createdAt`. */
export const otpResendAfter = (createdAt: Date | string) => new Date(new Date(createdAt).getTime() + OTP_RESEND_WAIT_MS);

/** What the checks below read and write of an owner's codes (an `createOtpStore(...)` of ./otp-codes.repository.ts). */
type TOtpChecks<TRow> = {
  findLatest: (db: TDb, ownerId: string) => Promise<TRow | undefined>;
  countSince: (db: TDb, ownerId: string, since: Date) => Promise<number>;
  lockActive: (trx: TDb, ownerId: string) => Promise<TRow | undefined>;
  addFailedAttempt: (trx: TDb, id: string) => Promise<{ attempts: number; max_attempts: number }>;
};

type TOtpState = { used_at: Date | null; invalidated_at: Date | null; attempts: number; max_attempts: number; expires_at: Date; created_at: Date };

/** The code being waited for (not used, not replaced, not locked, not expired) as the signer sees it, or null. */
export const pendingOtpTiming = (otp: TOtpState | undefined, at: Date) => {
  if (!otp || otp.used_at || otp.invalidated_at || otp.attempts >= otp.max_attempts || new Date(otp.expires_at) <= at) return null;
  return { expiresAt: new Date(otp.expires_at), resendAfter: otpResendAfter(otp.created_at), attemptsLeft: otp.max_attempts - otp.attempts };
};

/** 429 while the owner's previous code is younger than the wait, or after too many codes in a day. */
export const assertMaySendOtp = async <TRow extends TOtpState>(store: Pick<TOtpChecks<TRow>, 'findLatest' | 'countSince'>, trx: TDb, ownerId: string, at: Date) => {
  const latest = await store.findLatest(trx, ownerId);
  if (latest) {
    const waitMs = new Date(latest.created_at).getTime() + OTP_RESEND_WAIT_MS - at.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError('TOO_MANY_REQUESTS', { userMessage: CONTRACT_MSG.otpWait(seconds), retryAfter: seconds });
    }
  }
  if ((await store.countSince(trx, ownerId, new Date(at.getTime() - 24 * 60 * 60 * 1000))) >= OTP_DAILY_LIMIT) {
    throw new AppError('TOO_MANY_REQUESTS', { userMessage: CONTRACT_MSG.otpDailyLimit, retryAfter: 60 * 60 });
  }
};

/**
 * Checks `code` against the owner's active code in constant time, in `trx` (which the caller commits: a wrong
 * attempt is counted before the refusal). Answers the code when it matches, 'missing' when there is none, else the
 * message of the refusal (locked, expired, wrong with the attempts left).
 */
export const verifyOtpCode = async <TRow extends TOtpState & { id: string; code_hash: string }>(store: Pick<TOtpChecks<TRow>, 'lockActive' | 'addFailedAttempt'>, trx: TDb, ownerId: string, secret: Buffer, code: string, at: Date) => {
  const otp = await store.lockActive(trx, ownerId);
  if (!otp) return { error: 'missing' as const };
  if (otp.attempts >= otp.max_attempts) return { error: CONTRACT_MSG.otpLocked };
  if (new Date(otp.expires_at) <= at) return { error: CONTRACT_MSG.otpExpired };
  if (timingSafeEqual(hashOtpCode(secret, otp.id, code), Buffer.from(otp.code_hash, 'hex'))) return { otp };
  const { attempts, max_attempts: max } = await store.addFailedAttempt(trx, otp.id);
  return { error: attempts >= max ? CONTRACT_MSG.otpLocked : CONTRACT_MSG.otpWrong(max - attempts) };
};
