import { formatEuroCents, INSTALMENT_LABELS, type TInstalments } from '../../../../shared/practices/quotation';
import { rcaCommissionCents, type TRcaRevenue } from '../../../../shared/practices/rca-settings';
import type { TClientRecord } from '../../../../shared/schemas/client-record';
import type { TPrecontractIntermediary, TPrecontractPlaceholder } from '../../../../shared/schemas/precontract';
import { formatRomeDate } from '../../contract/contract-pdf';
import type { TChosenQuotation } from './precontract.context';

const addressOf = (address: { street?: string; number?: string; cap?: string; comuneName?: string; provinceSigla?: string } | null) =>
  address
    ? [[address.street, address.number].filter(Boolean).join(' '), [address.cap, address.comuneName, address.provinceSigla ? `(${address.provinceSigla})` : ''].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ')
    : '';

/**
 * What the pack prints, from the parties and the offer: the values of the template's placeholders and the rows of
 * the quotation's summary. Pure (the pack part reads the records), so the text of the form is told in one place.
 */
export const packValues = (input: {
  intermediary: TPrecontractIntermediary;
  corner: { name: string; email: string };
  client: TClientRecord;
  clientName: string;
  clientEmail: string;
  practiceTitle: string;
  /** What the sector calls the practice's subject in the offer's summary ("Veicolo", "Rischio assicurato"). */
  subjectLabel: string;
  quotation: TChosenQuotation;
  /** The sector's own commission rule (rcaRevenue, altriRamiRevenue, fideiussioniConfig.revenue). */
  revenue: TRcaRevenue;
  at: Date;
}) => {
  const { intermediary, client, quotation, revenue } = input;
  const commission = rcaCommissionCents(revenue, quotation.premiumCents);
  const percent = (revenue.percentBp / 100).toLocaleString('it-IT', { maximumFractionDigits: 2 });
  const values: Partial<Record<TPrecontractPlaceholder, string>> = {
    'intermediario.denominazione': intermediary.name,
    'intermediario.rui': `sezione ${intermediary.ruiSection}, n. ${intermediary.ruiNumber}`,
    'intermediario.dataIscrizione': intermediary.ruiDate || '—',
    'intermediario.sede': intermediary.address,
    'intermediario.contatti': [intermediary.phone, intermediary.email, intermediary.pec && `PEC ${intermediary.pec}`, intermediary.website].filter(Boolean).join(', ') || '—',
    'collaboratore.nome': input.corner.name,
    'collaboratore.email': input.corner.email,
    'cliente.nome': input.clientName,
    'cliente.codiceFiscale': client.kind === 'azienda' ? client.vat || client.companyCf : client.cf,
    'cliente.email': input.clientEmail,
    'cliente.indirizzo': addressOf(client.address) || '—',
    'veicolo.descrizione': input.practiceTitle,
    'quotazione.compagnia': quotation.ivassCode ? `${quotation.companyName} (codice IVASS ${quotation.ivassCode})` : quotation.companyName,
    'quotazione.agenzia': quotation.agencyName || 'la direzione dell’impresa',
    'quotazione.premio': formatEuroCents(quotation.premiumCents),
    'quotazione.rate': INSTALMENT_LABELS[quotation.instalments as TInstalments] ?? `${quotation.instalments} rate`,
    'quotazione.massimali':
      quotation.personInjuryCents !== null && quotation.propertyDamageCents !== null
        ? `${formatEuroCents(quotation.personInjuryCents)} per danni alle persone, ${formatEuroCents(quotation.propertyDamageCents)} per danni alle cose`
        : quotation.insuredCents != null
          ? formatEuroCents(quotation.insuredCents)
          : '—',
    'quotazione.garanzie': (quotation.covers ?? []).map((cover) => cover.label).join(', ') || 'Solo la garanzia principale',
    'quotazione.validita': quotation.validUntil.split('-').reverse().join('/'),
    'provvigione.descrizione': `${formatEuroCents(commission)} (${percent}% del premio${revenue.fixedCents ? ` più ${formatEuroCents(revenue.fixedCents)}` : ''})`,
    data: formatRomeDate(input.at),
  };
  const quotationRows: [string, string][] = [
    ['Impresa', values['quotazione.compagnia']!],
    ['Agenzia', values['quotazione.agenzia']!],
    [input.subjectLabel, input.practiceTitle],
    ['Premio annuo', values['quotazione.premio']!],
    ['Frazionamento', values['quotazione.rate']!],
    ['Massimali RC', values['quotazione.massimali']!],
    ['Garanzie', values['quotazione.garanzie']!],
    ...((quotation.conditions ? [['Condizioni', quotation.conditions]] : []) as [string, string][]),
    ['Valida fino al', values['quotazione.validita']!],
  ];
  const party = { name: input.clientName, taxCode: values['cliente.codiceFiscale'] ?? '', email: input.clientEmail, address: values['cliente.indirizzo'] ?? '' };
  return { values, quotationRows, client: party };
};
