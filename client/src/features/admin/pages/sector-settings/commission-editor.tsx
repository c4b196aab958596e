import { NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { rcaCommissionCents, ZRcaRevenue, type TRcaRevenue } from '../../../../../../shared/practices/rca-settings';
import { formatCents } from '../../../../lib/format';
import { asNumber, EXAMPLE_PREMIUM_CENTS, shown } from './settings-draft';
import { EuroCentsInput } from './settings-inputs';

type TCommissionEditorProps = {
  /** What the commission applies to, when it is not every policy of the sector (a sector of products). */
  description?: string;
  revenue: TRcaRevenue;
  onChange: (revenue: TRcaRevenue) => void;
  /** The message on a field, by its path inside the commission ('percentBp', 'fixedCents'). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

/** The commission of a sector whose practices are of products (issue 29): each product's own commission wins. */
export const PRODUCT_SECTOR_COMMISSION_NOTE =
  'Le polizze del settore maturano la provvigione del loro prodotto (vedi «Prodotti»). Questa è la provvigione con cui sono stati creati i prodotti del catalogo precedente: modificarla non cambia i prodotti.';

/** A sector's commission: a share of the yearly premium plus a fixed amount, with the commission on a 500 € premium. */
export const CommissionEditor = ({ revenue, onChange, errorAt, disabled, description }: TCommissionEditorProps) => {
  const isValid = ZRcaRevenue.safeParse(revenue).success;
  return (
    <Stack gap="xs">
      <Title order={3} fz={16}>
        Provvigione
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <NumberInput
          label="Percentuale del premio annuo"
          suffix=" %"
          decimalScale={2}
          decimalSeparator=","
          min={0}
          max={100}
          allowNegative={false}
          clampBehavior="none"
          value={shown(revenue.percentBp / 100)}
          onChange={(value) => onChange({ ...revenue, percentBp: Math.round(asNumber(value) * 100) })}
          error={errorAt('percentBp')}
          disabled={disabled}
        />
        <EuroCentsInput
          label="Importo fisso per polizza"
          cents={revenue.fixedCents}
          onChange={(cents) => onChange({ ...revenue, fixedCents: cents ?? Number.NaN })}
          error={errorAt('fixedCents')}
          disabled={disabled}
        />
      </SimpleGrid>
      {isValid && (
        <Text size="sm" c="dimmed">
          Su un premio di {formatCents(EXAMPLE_PREMIUM_CENTS)} la provvigione è {formatCents(rcaCommissionCents(revenue, EXAMPLE_PREMIUM_CENTS))}.
        </Text>
      )}
    </Stack>
  );
};
