import { Button } from '@mantine/core';
import { useState } from 'react';
import { ClientImportModal } from './client-import-modal';

/** "Importa" beside "Nuovo cliente": clients from a CSV or Excel file (the list refreshes after the import). */
export const ClientImportButton = () => {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setIsOpen(true)}>
        Importa
      </Button>
      <ClientImportModal opened={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
};
