import { offerLabel, type TOfferSnapshot } from '../../../../../../shared/practices/utility-offers';
import { formatCents } from '../../../../lib/format';
import { DetailField } from '../../detail/detail-field';

/** The offer a utility practice was submitted with, as the server kept it: supplier · name, the commission, the clawback. */
export const OfferFields = ({ offer }: { offer: TOfferSnapshot }) => (
  <>
    <DetailField label="Offerta">{offerLabel(offer) || offer.id}</DetailField>
    <DetailField label="Provvigione">{offer.commissionCents === null ? null : formatCents(offer.commissionCents)}</DetailField>
    <DetailField label="Storno della provvigione">
      {offer.clawbackMonths === null ? null : offer.clawbackMonths > 0 ? `Se la fornitura cessa entro ${offer.clawbackMonths} ${offer.clawbackMonths === 1 ? 'mese' : 'mesi'}` : 'Nessuno'}
    </DetailField>
  </>
);
