import { Stack } from '@mantine/core';
import { FIDEIUSSIONE_KINDS, isTenderKind, type TFideiussioniData } from '../../../../../../shared/practices/fideiussioni';
import { formatCents, formatDate } from '../../../../lib/format';
import { DetailField, DetailSection } from '../../detail/detail-field';

/** Italian names of the data's fields, for the history's "what changed" (dotted paths as the engine diffs them). */
const FIDEIUSSIONI_FIELD_LABELS: Record<string, string> = {
  kind: 'Tipo di fideiussione',
  beneficiary: 'Beneficiario',
  'beneficiary.name': 'Nome del beneficiario',
  'beneficiary.taxCode': 'Codice fiscale o partita IVA del beneficiario',
  'beneficiary.pec': 'PEC del beneficiario',
  guaranteedCents: 'Importo garantito',
  contractValueCents: 'Valore del contratto',
  cig: 'CIG',
  tenderObject: 'Oggetto della gara',
  startDate: 'Decorrenza della garanzia',
  endDate: 'Scadenza della garanzia',
  obligation: 'Obbligazione garantita',
  notes: 'Note',
};

/** The label of a changed field of a fideiussioni practice (the path itself when it has none). */
export const fideiussioniFieldLabel = (path: string): string => FIDEIUSSIONI_FIELD_LABELS[path] ?? path;

const isoDate = (value: string | null | undefined) => (value ? formatDate(`${value}T00:00:00`) : null);

/** The request of a fideiussioni practice, read-only: the bond, its amounts and dates, the beneficiary. */
export const FideiussioniSummary = ({ data: raw }: { data: unknown }) => {
  const data = raw as TFideiussioniData;
  const isTender = isTenderKind(data.kind);
  return (
    <Stack gap="md">
      <DetailSection title="Garanzia" titleId="f-bond">
        <DetailField label="Tipo">{FIDEIUSSIONE_KINDS[data.kind] ?? data.kind}</DetailField>
        <DetailField label="Importo garantito">{formatCents(data.guaranteedCents)}</DetailField>
        <DetailField label={isTender ? 'Importo a base di gara' : 'Valore del contratto'}>{data.contractValueCents === null ? null : formatCents(data.contractValueCents)}</DetailField>
        {(isTender || data.cig) && <DetailField label="CIG">{data.cig}</DetailField>}
        {(isTender || data.tenderObject) && <DetailField label="Oggetto della gara">{data.tenderObject}</DetailField>}
        <DetailField label="Durata">{`Dal ${isoDate(data.startDate)} al ${isoDate(data.endDate)}`}</DetailField>
        <DetailField label="Obbligazione garantita">{data.obligation}</DetailField>
        {data.notes && <DetailField label="Note">{data.notes}</DetailField>}
      </DetailSection>
      <DetailSection title="Beneficiario" titleId="f-beneficiary">
        <DetailField label="Nome o ragione sociale">{data.beneficiary.name}</DetailField>
        <DetailField label="Codice fiscale o partita IVA">{data.beneficiary.taxCode}</DetailField>
        <DetailField label="PEC">{data.beneficiary.pec}</DetailField>
      </DetailSection>
    </Stack>
  );
};
