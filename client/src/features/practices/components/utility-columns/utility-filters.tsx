import { Group, Select } from '@mantine/core';
import { useMemo } from 'react';
import { offerLabel } from '../../../../../../shared/practices/utility-offers';
import { normalizeSupplyCode } from '../../../../../../shared/validation/utilities';
import { DateField } from '../../../../components/inputs/date-field';
import { SearchInput } from '../../../../components/inputs/search-input';
import { isReversedExpectedRange, utilityFiltersOf, type TPracticeFilters, type TUtilitySector } from '../../practices-list';
import { useUtilityOffers } from '../../sectors/utility-offers/use-utility-offers';

const FIELD_WIDTH = { base: '100%', xs: 200 };

type TUtilityFiltersProps = {
  sector: TUtilitySector;
  filters: TPracticeFilters;
  onChange: (filters: TPracticeFilters) => void;
  /** Changes on every reset, so the text and date fields drop what they hold. */
  resetCount: number;
};

/**
 * The filters of the utility lists: the offer (from the sector's catalogue, "Fornitore · Offerta"), the meter's POD or
 * PDR (luce e gas only: GPL has no code) and the period of the expected start.
 */
export const UtilityFilters = ({ sector, filters, onChange, resetCount }: TUtilityFiltersProps) => {
  const has = utilityFiltersOf(sector);
  const catalogue = useUtilityOffers(sector);
  const options = useMemo(() => {
    const offers = (catalogue.data ?? []).map((offer) => ({ value: offer.id, label: offerLabel(offer) || offer.id }));
    // An offer of the address that left today's catalogue still shows (by its code) and can be cleared.
    const kept = filters.offerId;
    return kept && !offers.some((offer) => offer.value === kept) ? [...offers, { value: kept, label: kept }] : offers;
  }, [catalogue.data, filters.offerId]);

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label="Offerta"
        placeholder={catalogue.isPending ? 'Caricamento delle offerte…' : 'Tutte le offerte'}
        data={options}
        value={filters.offerId}
        onChange={(offerId) => onChange({ ...filters, offerId })}
        error={catalogue.isError ? 'Impossibile caricare le offerte: ricarica la pagina.' : undefined}
        nothingFoundMessage={catalogue.isPending ? 'Caricamento delle offerte…' : 'Nessuna offerta trovata.'}
        searchable
        clearable
        size="sm"
        w={{ base: '100%', xs: 260 }}
        comboboxProps={{ width: 'target' }}
      />
      {has.supplyCode && (
        <SearchInput
          key={`code-${resetCount}`}
          label="POD / PDR"
          placeholder="Codice completo"
          initialValue={filters.supplyCode ?? ''}
          onSearch={(code) => onChange({ ...filters, supplyCode: normalizeSupplyCode(code) || null })}
          w={FIELD_WIDTH}
        />
      )}
      <DateField
        key={`expected-from-${resetCount}`}
        label="Decorrenza dal"
        value={filters.expectedFrom}
        onChange={(expectedFrom) => onChange({ ...filters, expectedFrom })}
        clearable
        size="sm"
        w={FIELD_WIDTH}
      />
      <DateField
        key={`expected-to-${resetCount}`}
        label="Decorrenza al"
        value={filters.expectedTo}
        onChange={(expectedTo) => onChange({ ...filters, expectedTo })}
        error={isReversedExpectedRange(filters) ? 'Deve venire dopo «Decorrenza dal».' : undefined}
        clearable
        size="sm"
        w={FIELD_WIDTH}
      />
    </Group>
  );
};
