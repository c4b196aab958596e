import { Divider, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CUSTOMER_KINDS,
  OFFER_COMMODITIES,
  PRICE_KINDS,
  type TCustomerKind,
  type TOfferCommodity,
  type TPriceKind,
  type TUtilityOfferEntry,
} from '../../../../../../shared/practices/utility-offers';
import { DateField } from '../../../../components/inputs/date-field';
import { DocsEditor } from './docs-editor';
import { EuroCentsInput, WholeNumberInput } from './settings-inputs';
import type { TOffersCatalogue } from './offers-draft';
import { OffersLpgTerms } from './offers-lpg-terms';
import { joinPath } from './settings-draft';

type TOffersFieldsProps = {
  catalogue: TOffersCatalogue;
  offer: TUtilityOfferEntry;
  /** A saved offer keeps its code: the practices refer to it. */
  isSaved: boolean;
  onChange: (change: Partial<TUtilityOfferEntry>) => void;
  /** The message on a field, by its path inside the offer ('supplier', 'docs.0.label', '' for the whole). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const LUCE_GAS_COMMODITIES = options({ electricity: OFFER_COMMODITIES.electricity, gas: OFFER_COMMODITIES.gas, dual: OFFER_COMMODITIES.dual });
const CUSTOMER_OPTIONS = options(CUSTOMER_KINDS);
const PRICE_OPTIONS = options(PRICE_KINDS);

/** One offer of the catalogue: who supplies it, what and for whom, when it can be chosen, its commission and documents. */
export const OffersFields = ({ catalogue, offer, isSaved, onChange, errorAt, disabled }: TOffersFieldsProps) => (
  <Stack gap="md">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="Fornitore"
        value={offer.supplier}
        onChange={(event) => onChange({ supplier: event.currentTarget.value })}
        error={errorAt('supplier')}
        disabled={disabled}
        required
      />
      <TextInput
        label="Nome dell’offerta"
        value={offer.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={errorAt('name')}
        disabled={disabled}
        required
      />
      <TextInput
        label="Codice offerta"
        description={isSaved ? 'Non si cambia: le pratiche lo usano.' : 'Proposto dal fornitore e dal nome; lo puoi cambiare finché non salvi.'}
        value={offer.id}
        onChange={(event) => onChange({ id: event.currentTarget.value })}
        error={errorAt('id')}
        readOnly={isSaved}
        disabled={disabled}
        required
      />
      {catalogue === 'luceGas' && (
        <Select
          size="md"
          label="Fornitura"
          data={LUCE_GAS_COMMODITIES}
          value={offer.commodity}
          onChange={(value) => value && onChange({ commodity: value as TOfferCommodity })}
          error={errorAt('commodity')}
          allowDeselect={false}
          disabled={disabled}
          required
        />
      )}
      <Select
        size="md"
        label="Tipo di cliente"
        data={CUSTOMER_OPTIONS}
        value={offer.customerKind}
        onChange={(value) => value && onChange({ customerKind: value as TCustomerKind })}
        error={errorAt('customerKind')}
        allowDeselect={false}
        disabled={disabled}
        required
      />
      <Select
        size="md"
        label="Prezzo"
        data={PRICE_OPTIONS}
        value={offer.priceKind}
        onChange={(value) => value && onChange({ priceKind: value as TPriceKind })}
        error={errorAt('priceKind')}
        allowDeselect={false}
        disabled={disabled}
        required
      />
      <DateField
        label="Valida dal"
        value={offer.validFrom === '' ? null : offer.validFrom}
        onChange={(value) => onChange({ validFrom: value ?? '' })}
        error={errorAt('validFrom')}
        disabled={disabled}
        required
      />
      <DateField
        label="Valida fino al"
        description="Vuota: finché non la ritiri."
        value={offer.validTo}
        onChange={(value) => onChange({ validTo: value })}
        error={errorAt('validTo')}
        disabled={disabled}
        clearable
      />
      <EuroCentsInput
        size="md"
        label="Provvigione per attivazione"
        cents={offer.commissionCents}
        onChange={(cents) => onChange({ commissionCents: cents ?? Number.NaN })}
        error={errorAt('commissionCents')}
        disabled={disabled}
        required
      />
      <WholeNumberInput
        size="md"
        label="Storno della provvigione (mesi)"
        description="Se la fornitura cessa entro questi mesi dall’attivazione; 0: nessuno storno."
        min={0}
        max={60}
        value={offer.clawbackMonths}
        onChange={(clawbackMonths) => onChange({ clawbackMonths })}
        error={errorAt('clawbackMonths')}
        disabled={disabled}
        required
      />
    </SimpleGrid>
    {catalogue === 'gpl' && (
      <>
        <Divider />
        <OffersLpgTerms terms={offer.lpgTerms} onChange={(lpgTerms) => onChange({ lpgTerms })} errorAt={errorAt} disabled={disabled} />
      </>
    )}
    <Divider />
    <DocsEditor docs={offer.docs} onChange={(docs) => onChange({ docs })} errorAt={(path) => errorAt(joinPath('docs', path))} disabled={disabled} />
  </Stack>
);
