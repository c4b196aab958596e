import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CONTRACT_MSG } from '../../../shared/schemas/contract';
import type { TDb } from '../../db/database';
import { AppError } from '../../platform/errors';
import { assertMaySendOtp, createOtpKey, newOtpCode, OTP_TTL_MS, otpResendAfter, pendingOtpTiming, verifyOtpCode } from './otp-codes';
import type { TOtpRow, TOtpStore } from './otp-codes.repository';
import type { TOtpRecipient, TOtpSender } from './otp-sender';

/**
 * The signing flow by one-time code, one for the corner's contract (contract.service.ts) and the client's
 * pre-contract pack (practices/precontract/precontract.signing.ts): asking for a code and signing with it. What
 * differs between them is given as arguments: the table of codes, who they are for, where they go and what the
 * mail says (the sender), what is locked and what signing records.
 */

export type TOtpSigningDeps<TRow extends TOtpRow, TExtra> = {
  db: TDb;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** The owner's table of codes (`repo.otps`). */
  store: TOtpStore<TRow, TExtra>;
  /** The app secret that keys the codes' hashes (one per table, so one leaked table says nothing of the other). */
  secretName: string;
  /** How a code reaches the signer, and how its destination is shown. */
  sender: TOtpSender;
};

/** A stored document a code signs. */
export type TSignedDocument = { id: string; sha256: string };

export type TOtpRequest<TPrepared, TExtra> = {
  ownerId: string;
  destination: string;
  recipient: TOtpRecipient;
  ip: string;
  /** The columns only this table of codes has (the contract's `channel`). */
  columns: TExtra;
  /** After the cheap refusals, before the code is made: what must exist for it (no document is made for a request that must wait). */
  prepare?: (at: Date) => Promise<TPrepared>;
  /** In the code's transaction: locks the subject, checks it again, records its own changes; answers the document the code signs. */
  lock: (trx: TDb, prepared: TPrepared, at: Date) => Promise<TSignedDocument>;
  /** The transaction failed: undoes what `prepare` made. */
  aborted?: (prepared: TPrepared) => Promise<void>;
  /** Committed, before the code is delivered. */
  committed?: (prepared: TPrepared) => Promise<void>;
};

export type TOtpSignature<TRow, TLocked, TSealed, TStored> = {
  ownerId: string;
  code: string;
  /** The 409's message once the subject is signed (or its code spent by a request signing at the same time). */
  alreadySigned: string;
  /** With no code to check: whether that is because the subject is signed, or being signed with `latest` (409, not 400). */
  signedAlready: (latest: TRow | undefined) => boolean | Promise<boolean>;
  /** The subject locked in `trx` while it still awaits this signature; undefined once signed or replaced. */
  awaiting: (trx: TDb) => Promise<TLocked | undefined>;
  /** Checks the document the verified code was sent for and makes the signed copy, in memory: nothing is stored yet. */
  seal: (otp: TRow, signedAt: Date) => Promise<TSealed>;
  /** Stores the signed copy: only the request that spent the code gets here. */
  store: (sealed: TSealed) => Promise<TStored>;
  /** Records the signature in its transaction, under the subject's lock. */
  record: (trx: TDb, signature: { locked: TLocked; otp: TRow; sealed: TSealed; stored: TStored }) => Promise<void>;
  /** The signature was not recorded after its copy was stored (the contract discards it, the pack keeps it). */
  unrecorded: (stored: TStored, error: unknown) => Promise<void>;
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A refused code, on the `otp` field of the signing form (400). */
export const otpRefused = (userMessage: string) => new AppError('VALIDATION', { userMessage, fields: { otp: [userMessage] } });

/** The document read back is the one the code was sent for, to the byte (else storage was tampered with: 500). */
export const assertDocumentUnchanged = (bytes: Uint8Array, otp: TOtpRow, what: string, userMessage: string) => {
  if (sha256(bytes) !== otp.document_sha256) throw new AppError('INTERNAL', { message: `${what} ${otp.document_file_id} does not match its hash`, userMessage });
};

export const createOtpSigning = <TRow extends TOtpRow, TExtra>({ db, logger, now, store, secretName, sender }: TOtpSigningDeps<TRow, TExtra>) => {
  const key = createOtpKey(db, secretName);
  const conflict = (userMessage: string) => new AppError('CONFLICT', { userMessage });

  /** What the signer is shown of where a code went (a code sent by another channel than today's shows nothing). */
  const maskOf = (otp: TRow) => {
    const channel = (otp as { channel?: string }).channel;
    return channel !== undefined && channel !== sender.channel ? '***' : sender.mask(otp.destination);
  };

  /** A failed signature gives its code back while the subject still waits for it and no newer code replaced it. */
  const release = async <TLocked>(signature: Pick<TOtpSignature<TRow, TLocked, unknown, unknown>, 'ownerId' | 'awaiting'>, otp: TRow) => {
    try {
      await db.transaction().execute(async (trx) => {
        if (!(await signature.awaiting(trx))) return;
        if ((await store.findLatest(trx, signature.ownerId))?.id === otp.id) await store.release(trx, otp.id);
      });
    } catch (error) {
      logger.warn({ err: error, otpId: otp.id }, 'codice di firma non rilasciato');
    }
  };

  return {
    maskOf,

    /** The code being waited for as the signer sees it (timing, attempts left, where it went), or null. */
    pending: (otp: TRow | undefined, at: Date) => {
      const timing = pendingOtpTiming(otp, at);
      return otp && timing ? { ...timing, maskedDestination: maskOf(otp) } : null;
    },

    /**
     * A new code for `ownerId`: 429 while the previous one is younger than the wait or after the day's codes (checked
     * again under the subject's lock, so of two requests at once one sends), the previous one invalidated, only the
     * new one's keyed hash stored, then delivered while the signer waits. A code that could not be delivered is
     * deleted (it must neither sign nor make the signer wait) and the request answers 500 `otpSendFailed`.
     */
    request: async <TPrepared = undefined>(request: TOtpRequest<TPrepared, TExtra>) => {
      const { ownerId, destination } = request;
      const at = now();
      // Cheap refusals first: nothing is prepared for a request that must wait.
      await assertMaySendOtp(store, db, ownerId, at);
      const secret = await key();
      const prepared = (await request.prepare?.(at)) as TPrepared;
      const { id, code, codeHash, expiresAt, maxAttempts } = newOtpCode(secret, at);
      try {
        await db.transaction().execute(async (trx) => {
          const document = await request.lock(trx, prepared, at);
          // Again under the subject's lock: of two requests at once, one sends.
          await assertMaySendOtp(store, trx, ownerId, at);
          await store.invalidate(trx, ownerId);
          await store.insert(trx, ownerId, {
            ...request.columns,
            id,
            code_hash: codeHash,
            destination,
            document_file_id: document.id,
            document_sha256: document.sha256,
            max_attempts: maxAttempts,
            ip: request.ip,
            created_at: at,
            expires_at: expiresAt,
          });
        });
      } catch (error) {
        await request.aborted?.(prepared);
        throw error;
      }
      await request.committed?.(prepared);
      try {
        // Delivered while the signer waits: a code that never left must neither sign nor make the signer wait.
        await sender.send({ code, expiresAt, validMinutes: OTP_TTL_MS / 60_000, recipient: request.recipient }, destination);
      } catch (error) {
        await store.remove(db, id);
        throw new AppError('INTERNAL', { userMessage: CONTRACT_MSG.otpSendFailed, cause: error });
      }
      return { prepared, expiresAt, resendAfter: otpResendAfter(at), maskedDestination: sender.mask(destination) };
    },

    /**
     * Signs once with `code`. 1: the code is checked in constant time (a wrong one costs an attempt, committed before
     * the refusal; the last locks it; an expired one is refused). 2: the signed copy is made. 3: the code is spent in
     * a transaction holding the subject's lock, before anything is stored: of requests signing at once with the same
     * code one goes on, the others answer 409. 4: the winner stores its copy and records the signature in one more
     * transaction; when either fails the code is given back and the answer is the failure.
     */
    sign: async <TLocked, TSealed, TStored>(signature: TOtpSignature<TRow, TLocked, TSealed, TStored>) => {
      const { ownerId } = signature;
      const secret = await key();
      const at = now();
      // 1. The code: a wrong attempt is counted (committed) before the refusal.
      const { otp, error } = await db.transaction().execute((trx) => verifyOtpCode(store, trx, ownerId, secret, signature.code, at));
      if (!otp) {
        if (error && error !== 'missing') throw otpRefused(error);
        if (await signature.signedAlready(await store.findLatest(db, ownerId))) throw conflict(signature.alreadySigned);
        throw otpRefused(CONTRACT_MSG.otpMissing);
      }
      // 2. The signed copy, in memory.
      const signedAt = now();
      const sealed = await signature.seal(otp, signedAt);

      // 3. The code spent under the subject's lock: the one request that spends it signs; it was not spent when it
      // was checked, so another request did (409) unless a newer code replaced it (400, as before).
      await db.transaction().execute(async (trx) => {
        if (!(await signature.awaiting(trx))) throw conflict(signature.alreadySigned);
        if ((await store.lockActive(trx, ownerId))?.id !== otp.id) {
          const latest = await store.findLatest(trx, ownerId);
          throw latest?.id === otp.id && latest.used_at ? conflict(signature.alreadySigned) : otpRefused(CONTRACT_MSG.otpMissing);
        }
        await store.markUsed(trx, otp.id);
      });

      // 4. Storage is not transactional: stored by the winner alone, then recorded.
      let stored: { value: TStored } | null = null;
      try {
        stored = { value: await signature.store(sealed) };
        const { value } = stored;
        await db.transaction().execute(async (trx) => {
          const locked = await signature.awaiting(trx);
          if (!locked) throw conflict(signature.alreadySigned);
          // A new code asked for meanwhile replaced this one (as it would have before it was spent).
          if ((await store.findLatest(trx, ownerId))?.id !== otp.id) throw otpRefused(CONTRACT_MSG.otpMissing);
          await signature.record(trx, { locked, otp, sealed, stored: value });
        });
        return { otp, sealed, stored: value, signedAt };
      } catch (error) {
        await release(signature, otp);
        if (stored) await signature.unrecorded(stored.value, error);
        throw error;
      }
    },
  };
};
