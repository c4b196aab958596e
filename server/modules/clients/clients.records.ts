import type { TClient } from '../../../shared/schemas/data';
import type { TClientInput, TClientRecord } from '../../../shared/schemas/client-record';
import { getDisplayName } from '../../../shared/rules/display-name';
import type { ClientRow } from '../../db/types';
import type { TClientRow, TClientValues } from './clients.repository';
import { etagOf } from '../../platform/etag';

/** A list row: the spec's fields (GET /api/clients, sync-login) and what the pages add. */
export const toClient = (row: ClientRow): TClient => ({
  id: row.id,
  type: row.type as TClient['type'],
  name: row.name,
  surname: row.surname,
  business: row.business,
  email: row.email,
  phone: row.phone,
  cf: row.cf,
  vat: row.vat,
  cornerId: row.corner_id,
  createdAt: row.created_at,
  kind: row.type as TClient['kind'],
  displayName: getDisplayName(row),
  comune: row.comune_name,
  updatedAt: row.updated_at,
});

/** The columns of a record as entered; the other kind's fields are emptied, `phone` is the first number. */
export const toClientValues = (input: TClientInput): TClientValues => {
  const address = input.address;
  const common = {
    email: input.email,
    phones: JSON.stringify(input.phones),
    phone: input.phones[0] ?? '',
    street: address?.street ?? '',
    street_number: address?.number ?? '',
    cap: address?.cap ?? '',
    comune_istat: address?.comuneIstat ?? '',
    comune_name: address?.comuneName ?? '',
    province_sigla: address?.provinceSigla ?? '',
    notes: input.notes,
  };
  if (input.kind === 'persona') {
    return {
      ...common,
      type: 'persona',
      name: input.name,
      surname: input.surname,
      cf: input.cf,
      birth_date: input.birthDate,
      sex: input.sex,
      birthplace_code: input.birthplace?.cadastralCode ?? '',
      birthplace_label: input.birthplace?.label ?? '',
      business: '',
      vat: '',
      company_cf: '',
      pec: '',
      sdi_code: '',
      legal_rep: null,
    };
  }
  return {
    ...common,
    type: 'azienda',
    name: '',
    surname: '',
    cf: '',
    birth_date: null,
    sex: null,
    birthplace_code: '',
    birthplace_label: '',
    business: input.businessName,
    vat: input.vat,
    company_cf: input.companyCf,
    pec: input.pec,
    sdi_code: input.sdiCode,
    legal_rep: input.legalRepresentative ? JSON.stringify(input.legalRepresentative) : null,
  };
};

export const toClientRecord = (row: TClientRow, cornerName: string): TClientRecord => ({
  id: row.id,
  cornerId: row.corner_id,
  cornerName,
  kind: row.type as TClientRecord['kind'],
  name: row.name,
  surname: row.surname,
  cf: row.cf,
  birthDate: row.birth_date_iso,
  birthplace: row.birthplace_code ? { cadastralCode: row.birthplace_code, label: row.birthplace_label } : null,
  sex: row.sex,
  businessName: row.business,
  vat: row.vat,
  companyCf: row.company_cf,
  pec: row.pec,
  sdiCode: row.sdi_code,
  legalRepresentative: row.legal_rep ? { name: row.legal_rep.name, surname: row.legal_rep.surname, cf: row.legal_rep.cf ?? '' } : null,
  email: row.email,
  phones: row.phones,
  address: row.comune_istat
    ? { street: row.street, number: row.street_number, cap: row.cap, comuneIstat: row.comune_istat, comuneName: row.comune_name, provinceSigla: row.province_sigla }
    : null,
  notes: row.notes,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A client's ETag (issue 30): the millisecond of its last change, which each change moves on (clients.repository). */
export const clientEtag = (record: { updatedAt: Date }): string => etagOf(record.updatedAt.getTime());
