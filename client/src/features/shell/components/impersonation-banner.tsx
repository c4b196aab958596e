import { Button, Group, Text } from '@mantine/core';
import { Icon } from '../../../components/icons';

type TImpersonationBannerProps = { name: string | null; onReturn: () => void; isReturning: boolean };

/** Always in sight while an admin acts as someone else (spec section 4), with the way back. */
export const ImpersonationBanner = ({ name, onReturn, isReturning }: TImpersonationBannerProps) => (
  <Group
    role="region"
    aria-label="Accesso come altro utente"
    justify="space-between"
    gap="xs"
    px={{ base: 'md', sm: 'lg' }}
    py={8}
    bg="yellow.1"
    style={{ borderBottom: '1px solid var(--mantine-color-yellow-4)' }}
  >
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      <Icon name="switchUser" size={18} color="var(--mantine-color-orange-8)" />
      <Text size="sm" c="dark.8" style={{ overflowWrap: 'anywhere' }}>
        Stai operando come <strong>{name ?? '…'}</strong>
      </Text>
    </Group>
    <Button size="compact-sm" variant="white" color="dark" onClick={onReturn} loading={isReturning} leftSection={<Icon name="back" size={16} />}>
      Torna al tuo account
    </Button>
  </Group>
);
