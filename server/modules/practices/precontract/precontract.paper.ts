import { PRECONTRACT_DOC_TYPES, PRECONTRACT_MSG, type TPrecontract } from '../../../../shared/schemas/precontract';
import type { TSectorSlug } from '../../../../shared/sectors';
import type { TRequestContext } from '../../../platform/context';
import { filePath } from '../../files/files.service';
import { conflict, PRACTICE_SUBJECT, type TPrecontractContext } from './precontract.context';
import * as repo from './precontract.repository';

/** The paper alternative: the client signs the printed pack, the corner uploads the scans and declares it. */
export const createPrecontractPaper = ({ deps: { db }, needs: { files }, internal, now, chosenQuotation, present, reachForWork, replacePack }: TPrecontractContext) => ({
  /**
   * The pack signed on paper: after the scans were uploaded to the practice (docType `precontractSigned`), the
   * corner declares it; it stands for the chosen quotation. Scans already counted by a previous declaration do
   * not count again.
   */
  paper: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<TPrecontract> => {
    const { actor, definition, practice } = await reachForWork(ctx, sector, id);
    const quotation = await chosenQuotation(practice.id);
    if (!quotation) throw conflict(PRECONTRACT_MSG.quotationMissing);
    const existing = await repo.findPrecontract(db, practice.id);
    if ((existing?.status === 'signed' || existing?.status === 'paper') && existing.quotation_id === quotation.id) throw conflict(PRECONTRACT_MSG.alreadySigned);
    const since = existing?.paper_at ? new Date(existing.paper_at).getTime() : 0;
    const scans = (await files.subjectRows(PRACTICE_SUBJECT, practice.id)).filter(
      (row) => row.doc_type === PRECONTRACT_DOC_TYPES.paper && new Date(row.created_at).getTime() > since,
    );
    if (scans.length === 0) throw conflict(PRECONTRACT_MSG.paperScansMissing);
    const values = {
      status: 'paper',
      quotation_id: quotation.id,
      token_hash: null,
      signed_at: null,
      signed_file_id: null,
      signed_sha256: null,
      paper_at: now(),
      paper_by: actor.userId,
    };
    const payload = { mode: 'paper', quotationId: quotation.id, files: scans.map((row) => filePath(row.id)) };
    await db.transaction().execute((trx) => replacePack(trx, actor, practice.id, values, { kind: 'precontract_signed', payload }));
    internal.committed({ kind: 'precontract_signed', actor, definition, practice: await internal.reread(definition.sector, practice.id), payload: { mode: 'paper', quotationId: quotation.id } });
    return present(ctx, actor, definition, practice.id);
  },
});
