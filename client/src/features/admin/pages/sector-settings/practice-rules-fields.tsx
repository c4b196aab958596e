import { NumberInput, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TRcaConfig } from '../../../../../../shared/practices/rca-settings';
import { asNumber, shown } from './settings-draft';

type TPracticeRulesFieldsProps = {
  config: TRcaConfig;
  onChange: (config: TRcaConfig) => void;
  /** The message on a field, by its path inside the block ('quotationValidityDays', 'paymentDueDays'). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
  /** More rules of the sector under the two fields (RC Auto: the pre-contract pack). */
  children?: ReactNode;
};

/** How a sector's practices run: the days a quotation stays valid and the days to pay the premium. */
export const PracticeRulesFields = ({ config, onChange, errorAt, disabled, children }: TPracticeRulesFieldsProps) => (
  <Stack gap="xs">
    <Title order={3} fz={16}>
      Pratiche
    </Title>
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <NumberInput
        label="Validità proposta dei preventivi (giorni)"
        min={1}
        max={365}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        value={shown(config.quotationValidityDays)}
        onChange={(value) => onChange({ ...config, quotationValidityDays: asNumber(value) })}
        error={errorAt('quotationValidityDays')}
        disabled={disabled}
      />
      <NumberInput
        label="Giorni per pagare il premio dalla richiesta di emissione"
        min={0}
        max={90}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        value={shown(config.paymentDueDays)}
        onChange={(value) => onChange({ ...config, paymentDueDays: asNumber(value) })}
        error={errorAt('paymentDueDays')}
        disabled={disabled}
      />
    </SimpleGrid>
    {children}
  </Stack>
);
