import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { getDisplayName } from '../../../shared/rules/display-name';
import {
  CONTRACT_DOC_TYPES,
  CONTRACT_MSG,
  CONTRACT_PREVIEW_NAME,
  isContractComplete,
  NO_CONTRACT,
  type TContractOtpResponse,
  type TContractStatus,
  type TContractSummary,
  type TSignContractRequest,
  type TSignContractResponse,
} from '../../../shared/schemas/contract';
import type { TProfileUser } from '../../../shared/schemas/profile';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import type { TDb } from '../../db/database';
import { AppError } from '../../platform/errors';
import { insertAuditEntry } from '../auth/auth.repository';
import { readAll, type TAdminDocsService } from '../files/admin-docs.service';
import { filePath, type TFilesService } from '../files/files.service';
import type { TProfileService } from '../profile/profile.service';
import type { TSettingsService } from '../settings/settings.service';
import { buildContractPdf, buildSignedPdf, type TSignatureEvidence, type TSignerData } from './contract-pdf';
import * as repo from './contract.repository';
import { createEmailOtpSender, type TOtpSender } from './otp-sender';
import { assertDocumentUnchanged, createOtpSigning, otpRefused } from './otp-signing';

/** The codes' rules live with the pre-contract pack's in ./otp-codes.ts. */
export { OTP_DAILY_LIMIT, OTP_MAX_ATTEMPTS, OTP_RESEND_WAIT_MS, OTP_TTL_MS } from './otp-codes';
const HMAC_SECRET_KEY = 'contract-otp-hmac';
const NO_CAPS = { maxFiles: 1, maxBytes: Number.MAX_SAFE_INTEGER };

const idOfPath = (value: string) => value.replace(/^files\//, '');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export type TContractOptions = {
  /** The channel of the codes; e-mail by default (an SMS sender implements the same type). */
  otpSender?: TOtpSender;
  /** The clock (tests). */
  now?: () => Date;
};

export type TContractDeps = {
  files: TFilesService;
  adminDocs: TAdminDocsService;
  profile: TProfileService;
  settings: TSettingsService;
};

export type TContractService = ReturnType<typeof createContractService>;

const signerOf = (user: TProfileUser): TSignerData => ({
  displayName: getDisplayName(user),
  name: user.name,
  surname: user.surname,
  business: user.business,
  cf: user.cf,
  vat: user.vat,
  email: user.email,
  phone: user.phone,
});

const summaryOf = (row: repo.TContractRow | undefined): TContractSummary =>
  row
    ? {
        progress: row.progress as TContractSummary['progress'],
        signedAt: row.signed_at ? new Date(row.signed_at) : null,
        path: row.signed_file_id ? filePath(row.signed_file_id) : null,
        generatedPath: row.generated_file_id ? filePath(row.generated_file_id) : null,
      }
    : { ...NO_CONTRACT };

/**
 * The collaboration contract a corner signs with a one-time password (spec sections 1 and 4): made from the admin's
 * template with the corner's data, signed with a 6-digit code sent through a pluggable channel, stored with an
 * evidence page, audited. Until it is signed (and the profile complete) `requireSignedContract` refuses to operate.
 */
export const createContractService = (serviceDeps: TServiceDeps, deps: TContractDeps, options: TContractOptions = {}) => {
  const { db, logger, config, mailer } = serviceDeps;
  const { files, adminDocs, profile, settings } = deps;
  const sender = options.otpSender ?? createEmailOtpSender(mailer, config.supportEmail);
  const now = options.now ?? (() => new Date());

  const signing = createOtpSigning({ db, logger, now, store: repo.otps, secretName: HMAC_SECRET_KEY, sender });

  /** Only the corner itself signs: not an admin acting as it, not staff. */
  const requireSigner = (ctx: TRequestContext): TActor => {
    const actor = requireActor(ctx);
    if (actor.impersonatorId) throw new AppError('FORBIDDEN', { userMessage: CONTRACT_MSG.impersonationForbidden });
    if (actor.role !== 'corner') throw new AppError('FORBIDDEN', { userMessage: CONTRACT_MSG.onlyCorners });
    return actor;
  };

  /** The template in force (bytes and id) or null, and the fingerprint of what a contract made now would hold. */
  const currentSource = async (signer: TSignerData) => {
    const row = await adminDocs.latestTemplate();
    const template = row ? { id: row.id, bytes: await readAll(files.openContent(row)) } : null;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify({ template: template?.id ?? null, templateSha256: row?.sha256 ?? null, signer }))
      .digest('hex');
    return { template, fingerprint };
  };

  /** The contract a new code signs: the one already made while it matches the profile and the template, else one made and stored now. */
  const documentFor = async (userId: string, existing: repo.TContractRow | undefined, signer: TSignerData, at: Date) => {
    const source = await currentSource(signer);
    if (existing?.generated_file_id && existing.generated_fingerprint === source.fingerprint && existing.generated_sha256) {
      return { source, document: { id: existing.generated_file_id, sha256: existing.generated_sha256, isNew: false } };
    }
    const pdf = await buildContractPdf({ template: source.template?.bytes ?? null, signer, date: at });
    const stored = await files.storeFile(userId, Readable.from([Buffer.from(pdf.bytes)]), {
      name: 'Contratto di collaborazione',
      docType: CONTRACT_DOC_TYPES.generated,
      allowDelete: false,
      allowEdit: false,
    });
    return { source, document: { id: idOfPath(stored.path), sha256: stored.sha256, isNew: true } };
  };

  /**
   * The contract the verified code was sent for, unchanged and still what the corner's data and template make, with
   * the evidence page appended (in memory: only the request that spends the code stores it).
   */
  const sealContract = async (ctx: TRequestContext, actor: TActor, otp: repo.TOtpRow, signedAt: Date) => {
    const { user } = await profile.get(ctx);
    const signer = signerOf(user);
    const contract = await repo.findContract(db, actor.userId);
    const source = await currentSource(signer);
    if (!contract || contract.generated_file_id !== otp.document_file_id || contract.generated_fingerprint !== source.fingerprint) {
      throw otpRefused(CONTRACT_MSG.documentChanged);
    }
    const [entry] = await files.prepareDownload(ctx, [{ path: filePath(otp.document_file_id) }], NO_CAPS);
    const unsigned = await readAll(files.openContent(entry!.row));
    assertDocumentUnchanged(unsigned, otp, 'contract', CONTRACT_MSG.documentChanged);
    const evidence: TSignatureEvidence = {
      signer,
      signedAt,
      otpRequestedAt: new Date(otp.created_at),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      documentSha256: otp.document_sha256,
      channelLabel: otp.channel === sender.channel ? sender.evidenceLabel : `OTP via ${otp.channel}`,
      maskedDestination: signing.maskOf(otp),
      signatureId: otp.id,
    };
    return { evidence, signed: await buildSignedPdf(unsigned, evidence) };
  };

  const pendingOtpOf = (otp: repo.TOtpRow | undefined, at: Date): TContractStatus['otp'] => {
    const pending = signing.pending(otp, at);
    if (!otp || !pending) return null;
    const { maskedDestination, ...timing } = pending;
    return { ...timing, channel: otp.channel as TOtpSender['channel'], maskedDestination };
  };

  const statusOf = async (userId: string): Promise<TContractStatus> => {
    const [row, otp] = await Promise.all([repo.findContract(db, userId), repo.otps.findLatest(db, userId)]);
    return { ...summaryOf(row), signedSha256: row?.signed_sha256 ?? null, otp: row?.progress === 'completed' ? null : pendingOtpOf(otp, now()) };
  };

  const discardQuietly = (path: string) =>
    adminDocs.discard(path).catch((error: unknown) => logger.warn({ err: error, path }, 'documento del contratto non rimosso'));

  return {
    /** `user.contract` of the profile: progress, signing time, signed and generated documents. */
    summaryOf: async (userId: string): Promise<TContractSummary> => summaryOf(await repo.findContract(db, userId)),

    /** contract.status: the summary, the signed document's hash and the code being waited for. */
    status: async (ctx: TRequestContext): Promise<TContractStatus> => statusOf(requireActor(ctx).userId),

    /**
     * The corner's unsigned contract as the next code would sign it, to be read before any code is sent: the
     * document already made when it still matches the profile and the template (the very bytes a code signs),
     * else one made now from the same template and data and not kept. Sends nothing and changes nothing. Only
     * the corner itself reads it (an admin acting as the corner too); once signed, the signed document is the one.
     */
    preview: async (ctx: TRequestContext): Promise<{ name: string; bytes: Uint8Array; sha256: string }> => {
      const actor = requireActor(ctx);
      if (actor.role !== 'corner') throw new AppError('FORBIDDEN', { userMessage: CONTRACT_MSG.onlyCorners });
      const [{ user }, existing] = await Promise.all([profile.get(ctx), repo.findContract(db, actor.userId)]);
      if (existing?.progress === 'completed') throw new AppError('CONFLICT', { userMessage: CONTRACT_MSG.alreadySigned });
      const signer = signerOf(user);
      const source = await currentSource(signer);
      let bytes: Uint8Array;
      if (existing?.generated_file_id && existing.generated_fingerprint === source.fingerprint) {
        const [entry] = await files.prepareDownload(ctx, [{ path: filePath(existing.generated_file_id) }], NO_CAPS);
        bytes = await readAll(files.openContent(entry!.row));
      } else {
        bytes = (await buildContractPdf({ template: source.template?.bytes ?? null, signer, date: now() })).bytes;
      }
      return { name: CONTRACT_PREVIEW_NAME, bytes, sha256: sha256(bytes) };
    },

    /**
     * POST /api/docs/contract/otp. Corners only, not while impersonated, not once signed, with a complete profile.
     * Makes the contract again when the profile data or the template changed, replaces any previous code with a new
     * 6-digit one (only its keyed hash is kept), valid 10 minutes for 5 attempts, and sends it. A new code may be
     * asked for 60 seconds after the previous one (429 with Retry-After).
     */
    requestOtp: async (ctx: TRequestContext): Promise<TContractOtpResponse> => {
      const actor = requireSigner(ctx);
      const { user } = await profile.get(ctx);
      if (user.status !== true) throw new AppError('VALIDATION', { userMessage: CONTRACT_MSG.profileIncomplete });
      const signer = signerOf(user);
      const recipient = { name: signer.displayName, email: user.email, phone: user.phone };
      const destination = sender.destinationOf(recipient);
      if (!destination) throw new AppError('VALIDATION', { userMessage: CONTRACT_MSG.otpNoDestination });
      const existing = await repo.findContract(db, actor.userId);
      if (existing?.progress === 'completed') throw new AppError('CONFLICT', { userMessage: CONTRACT_MSG.alreadySigned });

      let replaced: string | null = null;
      const sent = await signing.request({
        ownerId: actor.userId,
        destination,
        recipient,
        ip: ctx.ip,
        columns: { channel: sender.channel },
        prepare: (at) => documentFor(actor.userId, existing, signer, at),
        lock: async (trx, { document, source }, at) => {
          const contract = await repo.lockContract(trx, actor.userId);
          if (contract.progress === 'completed') throw new AppError('CONFLICT', { userMessage: CONTRACT_MSG.alreadySigned });
          if (document.isNew && contract.generated_file_id && contract.generated_file_id !== document.id) replaced = contract.generated_file_id;
          await repo.updateContract(trx, actor.userId, {
            progress: 'sent',
            ...(document.isNew
              ? { generated_file_id: document.id, generated_sha256: document.sha256, generated_fingerprint: source.fingerprint, template_file_id: source.template?.id ?? null, generated_at: at }
              : {}),
          });
          return document;
        },
        aborted: async ({ document }) => {
          if (document.isNew) await discardQuietly(filePath(document.id));
        },
        // The unsigned contract it replaced is of no use any more (its codes were invalidated with it).
        committed: async () => {
          if (replaced) await discardQuietly(filePath(replaced));
        },
      });
      return {
        message: CONTRACT_MSG.otpSent,
        expiresAt: sent.expiresAt,
        resendAfter: sent.resendAfter,
        channel: sender.channel,
        maskedDestination: sent.maskedDestination,
        generatedPath: filePath(sent.prepared.document.id),
      };
    },

    /**
     * POST /api/docs/contract/sign {otp}. Checks the code in constant time (a wrong one costs an attempt; the 5th
     * locks it; an expired one is refused), then appends the evidence page to the contract the code was sent for,
     * stores it (not deletable nor renamable), and in one transaction completes the contract and writes the audit
     * log; of signs sent at once with the code one signs, the others answer 409 and store nothing (./otp-signing.ts).
     * Tells the corner's clients to reload their settings.
     */
    sign: async (ctx: TRequestContext, input: TSignContractRequest): Promise<TSignContractResponse> => {
      const actor = requireSigner(ctx);
      await signing.sign({
        ownerId: actor.userId,
        code: input.otp,
        alreadySigned: CONTRACT_MSG.alreadySigned,
        signedAlready: async (latest) => Boolean(latest?.used_at) || (await repo.findContract(db, actor.userId))?.progress === 'completed',
        awaiting: async (trx) => {
          const contract = await repo.lockContract(trx, actor.userId);
          return contract.progress === 'completed' ? undefined : contract;
        },
        seal: (otp, signedAt) => sealContract(ctx, actor, otp, signedAt),
        store: ({ signed }) =>
          files.storeFile(actor.userId, Readable.from([Buffer.from(signed.bytes)]), {
            name: 'Contratto di collaborazione firmato',
            docType: CONTRACT_DOC_TYPES.signed,
            allowDelete: false,
            allowEdit: false,
          }),
        record: async (trx, { otp, sealed: { evidence }, stored }) => {
          await repo.updateContract(trx, actor.userId, {
            progress: 'completed',
            signed_file_id: idOfPath(stored.path),
            signed_sha256: stored.sha256,
            signed_at: evidence.signedAt,
            evidence: JSON.stringify({
              ip: evidence.ip,
              userAgent: evidence.userAgent,
              channel: otp.channel,
              maskedDestination: evidence.maskedDestination,
              otpId: otp.id,
              otpRequestedAt: evidence.otpRequestedAt.toISOString(),
              signedAt: evidence.signedAt.toISOString(),
              documentSha256: otp.document_sha256,
              signer: evidence.signer,
            }),
          });
          // admin_id is who acted: the corner itself (an admin acting as the corner cannot sign).
          await insertAuditEntry(trx, { adminId: actor.impersonatorId ?? actor.userId, userId: actor.userId, action: 'contract_signed', path: stored.path, ip: ctx.ip });
        },
        // Storage is not transactional: a copy whose signature was not recorded is undone.
        unrecorded: (stored) => discardQuietly(stored.path),
      });

      await settings.syncUser(actor.userId).catch((error: unknown) => logger.warn({ err: error, userId: actor.userId }, 'sincronizzazione dopo la firma non riuscita'));
      return { message: CONTRACT_MSG.signed, contract: await statusOf(actor.userId) };
    },

    /**
     * The guard of booking, issuing and activation (spec section 1): a corner whose contract is not signed or
     * whose profile status is not true is refused with 'Per operare devi prima firmare il contratto.'; admins
     * and brokers pass. Checks the user the request acts as (an admin impersonating a corner is held to it too).
     */
    requireSignedContract: async (ctx: TRequestContext, within?: TDb): Promise<void> => {
      const actor = requireActor(ctx);
      if (actor.role !== 'corner') return;
      // Read in the caller's transaction when given (a practice's transition), one read after the other.
      const reader = within ?? db;
      const status = await profile.statusOf(ctx, reader);
      const contract = await repo.findContract(reader, actor.userId);
      if (!isContractComplete({ role: actor.role, status, contract: summaryOf(contract) })) {
        throw new AppError('FORBIDDEN', { userMessage: CONTRACT_MSG.signRequired });
      }
    },
  };
};
