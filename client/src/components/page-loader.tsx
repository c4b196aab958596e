import { Center, Loader } from '@mantine/core';

/** Shown while a page's code or the session check is on its way. */
export const PageLoader = () => (
  <Center mih="60vh" role="status" aria-live="polite" aria-label="Caricamento in corso">
    <Loader size="md" />
  </Center>
);
