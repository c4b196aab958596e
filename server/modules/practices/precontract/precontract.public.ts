import type { TPublicPrecontract } from '../../../../shared/schemas/precontract';
import type { TRequestContext } from '../../../platform/context';
import { createDbLimiter } from '../../../platform/rate-limit';
import { maskEmail } from '../../contract/otp-sender';
import { readAll } from '../../files/admin-docs.service';
import { QUOTATION_FILE_SUBJECT } from '../quotations/quotations.service';
import { hashToken, linkInvalid, PRACTICE_SUBJECT, type TPrecontractContext, type TSnapshot } from './precontract.context';
import * as repo from './precontract.repository';

/**
 * The public signing page of the client (no platform user: the token of the link mailed with the pack is the only
 * key): the pack a link opens, what the page shows, the documents it serves. Signing is ./precontract.signing.ts.
 */
export const createPrecontractPublic = ({ deps: { db }, needs: { files }, now, codes }: TPrecontractContext) => {
  // A per-address budget (tokens are 256-bit, this only keeps scanners and code floods away), spent here so that
  // every face of the page (the REST routes and the tRPC procedures) draws on the same one.
  const publicLimiter = createDbLimiter(db, 120, 15 * 60, 'precontract-ip');

  /** The pack of a link: live (sent, or signed for reading the signed copy) and not expired; anything else 404. */
  const packOfToken = async (ctx: TRequestContext, token: string) => {
    await publicLimiter.consume(ctx.ip);
    if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) throw linkInvalid();
    const row = await repo.findByTokenHash(db, hashToken(token));
    if (!row || (row.status !== 'sent' && row.status !== 'signed') || !row.token_expires_at || new Date(row.token_expires_at) <= now() || !row.pack_file_id) {
      throw linkInvalid();
    }
    return { row, snapshot: row.snapshot as TSnapshot };
  };

  /** A stored file of the practice (or of its quotation) by id, unchecked: the token was the check. */
  const practiceFileRow = async (practiceId: string, fileId: string, quotationId?: string) => {
    const candidates = [...(await files.subjectRows(PRACTICE_SUBJECT, practiceId)), ...(quotationId ? await files.subjectRows(QUOTATION_FILE_SUBJECT, quotationId) : [])];
    const row = candidates.find((candidate) => candidate.id === fileId);
    if (!row) throw linkInvalid();
    return row;
  };

  return {
    packOfToken,
    practiceFileRow,

    /** What the public signing page shows. */
    publicView: async (ctx: TRequestContext, token: string): Promise<TPublicPrecontract> => {
      const { row, snapshot } = await packOfToken(ctx, token);
      const otp = row.status === 'sent' ? codes.pending(await repo.otps.findLatest(db, row.practice_id), now()) : null;
      return {
        status: row.status as 'sent' | 'signed',
        intermediaryName: snapshot.intermediaryName,
        cornerName: snapshot.cornerName,
        clientName: snapshot.client.name,
        maskedEmail: maskEmail(row.sent_to ?? ''),
        practiceTitle: snapshot.practiceTitle,
        quotation: { companyName: snapshot.quotation.companyName, premiumCents: snapshot.quotation.premiumCents, instalments: snapshot.quotation.instalments, validUntil: snapshot.quotation.validUntil },
        documentSha256: row.pack_sha256 ?? '',
        attachments: snapshot.attachments.map((attachment, index) => ({ index, name: attachment.name })),
        linkExpiresAt: new Date(row.token_expires_at!),
        signedAt: row.signed_at ?? null,
        otp,
      };
    },

    /** The pack to read (or, once signed, the signed copy) or one of the company's documents, for the public page. */
    publicDocument: async (ctx: TRequestContext, token: string, attachment?: number): Promise<{ name: string; bytes: Uint8Array; mime: string }> => {
      const { row, snapshot } = await packOfToken(ctx, token);
      let fileId: string;
      if (attachment === undefined) fileId = row.status === 'signed' && row.signed_file_id ? row.signed_file_id : row.pack_file_id!;
      else {
        const item = snapshot.attachments[attachment];
        if (!item) throw linkInvalid();
        fileId = item.fileId;
      }
      const file = await practiceFileRow(row.practice_id, fileId, snapshot.quotation.id);
      return { name: file.name, bytes: await readAll(files.openContent(file)), mime: file.mime };
    },
  };
};

export type TPrecontractPublic = ReturnType<typeof createPrecontractPublic>;
