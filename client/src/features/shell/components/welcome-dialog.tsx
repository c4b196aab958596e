import { Button, Group, Modal } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { WelcomeContent } from './welcome-content';

const PARAM = 'display';
const VALUE = 'info';

/**
 * Spec section 2: `?display=info` on any page opens the welcome dialog; closing it takes the parameter out of
 * the address by replacing the history entry, so Back does not open it again.
 */
export const WelcomeDialog = ({ supportEmail }: { supportEmail: string | null }) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const isOpen = searchParams.get(PARAM) === VALUE;
  const close = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <Modal
      opened={isOpen}
      onClose={close}
      title="Benvenuto nella Piattaforma Intermediari"
      size="xl"
      radius="lg"
      transitionProps={{ duration: 200 }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <WelcomeContent supportEmail={supportEmail} />
      <Group justify="flex-end" mt="lg">
        <Button onClick={close}>Ho capito</Button>
      </Group>
    </Modal>
  );
};
