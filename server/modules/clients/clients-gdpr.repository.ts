import type { TDb } from '../../db/database';
import { nextChangeTime } from '../../db/versioned';

/** Owns: `client_erasure_requests`, and the GDPR writes to `clients`, `client_notes` (module clients; see clients.repository.ts). */

/**
 * Anonymises a client not yet erased, live or removed (GDPR erasure): names replaced, every personal field cleared,
 * its notes deleted, the record out of every list. Answers false when it was erased already.
 */
export const anonymiseClient = async (db: TDb, id: string, name: string, now: Date): Promise<boolean> => {
  const updated = await db
    .updateTable('clients')
    .set((eb) => ({
      name: eb.case().when('type', '=', 'azienda').then('').else('Cliente').end(),
      surname: eb.case().when('type', '=', 'azienda').then('').else('cancellato').end(),
      business: eb.case().when('type', '=', 'azienda').then(name).else('').end(),
      email: '',
      phone: '',
      phones: '[]',
      cf: '',
      vat: '',
      birth_date: null,
      sex: null,
      birthplace_code: '',
      birthplace_label: '',
      company_cf: '',
      pec: '',
      sdi_code: '',
      legal_rep: null,
      street: '',
      street_number: '',
      cap: '',
      comune_istat: '',
      comune_name: '',
      province_sigla: '',
      notes: '',
      erased_at: now,
      deleted_at: (eb) => eb.fn.coalesce('deleted_at', eb.val(now)),
      // A new version for the ETag, even within the millisecond of the last change (as every client write).
      updated_at: nextChangeTime(),
    }))
    .where('id', '=', id)
    .where('erased_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!updated) return false;
  await db.deleteFrom('client_notes').where('client_id', '=', id).execute();
  return true;
};

export const insertErasureRequest = (
  db: TDb,
  request: { clientId: string; cornerId: string; requestedBy: string; outcome: 'done' | 'refused'; heldUntil: string | null },
) =>
  db
    .insertInto('client_erasure_requests')
    .values({ client_id: request.clientId, corner_id: request.cornerId, requested_by: request.requestedBy, outcome: request.outcome, held_until: request.heldUntil })
    .execute();

/** A client removed from its book (soft delete) but not erased: its personal data is still held (admins erase it). */
export const findRemovedClient = (db: TDb, id: string) =>
  db.selectFrom('clients').select(['id', 'corner_id']).where('id', '=', id).where('deleted_at', 'is not', null).where('erased_at', 'is', null).executeTakeFirst();
