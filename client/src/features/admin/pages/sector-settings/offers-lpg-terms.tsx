import { Checkbox, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { TLpgTerms } from '../../../../../../shared/practices/utility-offers';
import { NEW_LPG_TERMS } from './offers-draft';
import { EuroCentsInput, WholeNumberInput } from './settings-inputs';

type TOffersLpgTermsProps = {
  /** The offer's terms (null only in a value stored before the check: the editor starts them afresh). */
  terms: TLpgTerms | null;
  onChange: (terms: TLpgTerms) => void;
  /** The message on a field, by its path inside the offer ('lpgTerms.tankMonths', 'lpgTerms' for the whole). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

/**
 * The contract terms of an LPG offer that D.Lgs. 32/1998 art. 10 bounds: supply for at most a year, the tank lent or
 * rented for at most two years with its buy-out price stated, its removal at the lender's cost.
 */
export const OffersLpgTerms = ({ terms, onChange, errorAt, disabled }: TOffersLpgTermsProps) => {
  const current = terms ?? NEW_LPG_TERMS;
  const edit = (change: Partial<TLpgTerms>) => onChange({ ...current, ...change });
  const hasTank = current.tankMonths !== null;
  const termsError = errorAt('lpgTerms');
  return (
    <Stack gap="xs">
      <Title order={4} fz={15}>
        Condizioni del contratto (D.Lgs. 32/1998, art. 10)
      </Title>
      <Text size="sm" c="dimmed">
        La fornitura dura al massimo 12 mesi; il serbatoio in comodato o a noleggio al massimo 24 mesi, con il prezzo di riscatto indicato, e alla fine la
        rimozione è a carico del comodante o locatore.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <WholeNumberInput
          size="md"
          label="Durata della fornitura (mesi)"
          min={1}
          max={12}
          value={current.supplyMonths}
          onChange={(supplyMonths) => edit({ supplyMonths })}
          error={errorAt('lpgTerms.supplyMonths')}
          disabled={disabled}
          required
        />
      </SimpleGrid>
      <Switch
        label="Serbatoio in comodato o a noleggio"
        description="Spento: il serbatoio è del cliente o la fornitura è in bombole."
        checked={hasTank}
        // A tank asks for its months and buy-out price: empty until the admin writes them.
        onChange={(event) => edit(event.currentTarget.checked ? { tankMonths: Number.NaN, tankBuyoutCents: null } : { tankMonths: null, tankBuyoutCents: null })}
        disabled={disabled}
      />
      {hasTank && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <WholeNumberInput
            size="md"
            label="Durata del comodato o noleggio (mesi)"
            min={1}
            max={24}
            value={current.tankMonths ?? Number.NaN}
            onChange={(tankMonths) => edit({ tankMonths })}
            error={errorAt('lpgTerms.tankMonths')}
            disabled={disabled}
            required
          />
          <EuroCentsInput
            size="md"
            label="Prezzo di riscatto del serbatoio"
            cents={current.tankBuyoutCents}
            // Empty is "no price stated", which art. 10 refuses with its own message.
            onChange={(tankBuyoutCents) => edit({ tankBuyoutCents })}
            error={errorAt('lpgTerms.tankBuyoutCents')}
            disabled={disabled}
            required
          />
        </SimpleGrid>
      )}
      <Checkbox
        label="Rimozione del serbatoio a carico del comodante o locatore"
        checked={current.removalAtLenderCost}
        onChange={(event) => edit({ removalAtLenderCost: event.currentTarget.checked })}
        error={errorAt('lpgTerms.removalAtLenderCost')}
        disabled={disabled}
      />
      {termsError && (
        <Text size="sm" c="red">
          {termsError}
        </Text>
      )}
    </Stack>
  );
};
