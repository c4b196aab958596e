import { Readable } from 'node:stream';
import { PRECONTRACT_DOC_TYPES, PRECONTRACT_MSG, type TPublicPrecontractOtpResponse } from '../../../../shared/schemas/precontract';
import type { TActor, TRequestContext } from '../../../platform/context';
import { assertDocumentUnchanged, otpRefused } from '../../contract/otp-signing';
import { readAll } from '../../files/admin-docs.service';
import { conflict, idOfPath, linkInvalid, PRACTICE_SUBJECT, type TPrecontractContext } from './precontract.context';
import type { TPrecontractPublic } from './precontract.public';
import * as repo from './precontract.repository';
import { buildSignedPrecontractPdf } from './precontract-pdf';

const cornerActor = (cornerId: string): TActor => ({ userId: cornerId, role: 'corner', state: 'active', sessionId: '', via: 'cookie', impersonatorId: null });

/**
 * The client signs the pack from the public page with a one-time code sent to the e-mail the pack went to, with the
 * contract's rules and flow (../../contract/otp-signing.ts): the codes are the practice's, the signature appends an
 * evidence page to the pack and stores it on the practice.
 */
export const createPrecontractSigning = (
  { deps: { logger }, needs: { files }, internal, codes }: TPrecontractContext,
  { packOfToken, practiceFileRow }: Pick<TPrecontractPublic, 'packOfToken' | 'practiceFileRow'>,
) => ({
  /**
   * POST /api/public/precontract/:token/otp: a 6-digit code to the client's e-mail the pack was sent to, with the
   * contract's rules (valid 10 minutes, 5 attempts, a new one after 60 seconds, 10 a day); only its keyed hash is kept.
   */
  publicRequestOtp: async (ctx: TRequestContext, token: string): Promise<TPublicPrecontractOtpResponse> => {
    const { row, snapshot } = await packOfToken(ctx, token);
    if (row.status !== 'sent') throw conflict(PRECONTRACT_MSG.linkSigned);
    const destination = row.sent_to!;
    const sent = await codes.request({
      ownerId: row.practice_id,
      destination,
      recipient: { name: snapshot.client.name, email: destination, phone: '' },
      ip: ctx.ip,
      columns: {},
      lock: async (trx) => {
        const locked = await repo.lockPrecontract(trx, row.practice_id);
        if (locked.status !== 'sent' || locked.token_hash !== row.token_hash) throw linkInvalid();
        return { id: locked.pack_file_id!, sha256: locked.pack_sha256! };
      },
    });
    return { message: PRECONTRACT_MSG.otpSent(sent.maskedDestination), expiresAt: sent.expiresAt, resendAfter: sent.resendAfter, maskedDestination: sent.maskedDestination };
  },

  /**
   * POST /api/public/precontract/:token/sign {otp}: checks the code in constant time (a wrong one costs an attempt,
   * the 5th locks it, an expired one is refused), appends the evidence page to the pack the code was sent for,
   * stores it on the practice (not deletable nor renamable) and, in one transaction, marks the pack signed and
   * writes the practice's history. Of signs sent at once with the code one signs, the others answer 409 and store
   * nothing: the code is spent under the pack's lock before the copy is stored.
   */
  publicSign: async (ctx: TRequestContext, token: string, input: { otp: string }): Promise<{ message: string; signedAt: Date }> => {
    const { row, snapshot } = await packOfToken(ctx, token);
    if (row.status !== 'sent') throw conflict(PRECONTRACT_MSG.linkSigned);
    const definition = internal.definitionOf(snapshot.sector);
    const { sealed, signedAt } = await codes.sign({
      ownerId: row.practice_id,
      code: input.otp,
      alreadySigned: PRECONTRACT_MSG.linkSigned,
      // The pack is still out (checked above): a spent code of this very pack is a signature under way.
      signedAlready: (latest) => Boolean(latest?.used_at) && latest!.document_file_id === row.pack_file_id,
      awaiting: async (trx) => {
        const locked = await repo.lockPrecontract(trx, row.practice_id);
        return locked.status === 'sent' && locked.token_hash === row.token_hash ? locked : undefined;
      },
      seal: async (otp, at) => {
        if (otp.document_file_id !== row.pack_file_id) throw otpRefused(PRECONTRACT_MSG.documentChanged);
        const unsigned = await readAll(files.openContent(await practiceFileRow(row.practice_id, otp.document_file_id)));
        assertDocumentUnchanged(unsigned, otp, 'precontract pack', PRECONTRACT_MSG.documentChanged);
        const evidence = {
          signer: { name: snapshot.client.name, taxCode: snapshot.client.taxCode, email: snapshot.client.email },
          signedAt: at,
          otpRequestedAt: new Date(otp.created_at),
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          documentSha256: otp.document_sha256,
          maskedDestination: codes.maskOf(otp),
          signatureId: otp.id,
        };
        const practice = await internal.reread(definition.sector, row.practice_id);
        return { evidence, practice, signed: await buildSignedPrecontractPdf(unsigned, evidence) };
      },
      store: ({ practice, signed }) =>
        files.storeFile(practice.corner_id, Readable.from([Buffer.from(signed.bytes)]), {
          name: `Documenti precontrattuali firmati - ${snapshot.client.name}.pdf`,
          docType: PRECONTRACT_DOC_TYPES.signedByCode,
          subject: { type: PRACTICE_SUBJECT, id: row.practice_id },
          allowDelete: false,
          allowEdit: false,
        }),
      record: async (trx, { locked, otp, sealed: { evidence, practice }, stored }) => {
        await repo.updatePrecontract(trx, row.practice_id, {
          status: 'signed',
          signed_file_id: idOfPath(stored.path),
          signed_sha256: stored.sha256,
          signed_at: evidence.signedAt,
          evidence: JSON.stringify({ ...evidence, signedAt: evidence.signedAt.toISOString(), otpRequestedAt: evidence.otpRequestedAt.toISOString(), channel: 'email' }),
        });
        // The client is no user: the history names the practice's corner, with who actually signed in the payload.
        await internal.appendEvent(trx, {
          practiceId: row.practice_id,
          actorId: practice.corner_id,
          impersonatorId: null,
          kind: 'precontract_signed',
          payload: { mode: 'otp', signedBy: snapshot.client.name, quotationId: locked.quotation_id, documentSha256: otp.document_sha256, signedSha256: stored.sha256 },
        });
      },
      // The copy stays on the practice as a document (the files kept with a practice are evidence, never deleted),
      // but the pack names only the one that was recorded.
      unrecorded: async (stored, error) => {
        logger.warn({ err: error, practiceId: row.practice_id, path: stored.path }, 'firma precontrattuale non registrata');
      },
    });
    const cornerId = sealed.practice.corner_id;
    internal.committed({ kind: 'precontract_signed', actor: cornerActor(cornerId), definition, practice: await internal.reread(definition.sector, row.practice_id), payload: { mode: 'otp' } });
    return { message: PRECONTRACT_MSG.signed, signedAt };
  },
});
