import { Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TRcaDoc, TRcaDocs } from '../../../../../../shared/practices/rca-settings';

type TDocsEditorProps = {
  docs: TRcaDocs;
  onChange: (docs: TRcaDocs) => void;
  /** The message on a field, by its path inside the list ('0.docType', '' for the list as a whole). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

/** The documents a sector's request asks for: code, name and whether it is required; add and remove. */
export const DocsEditor = ({ docs, onChange, errorAt, disabled }: TDocsEditorProps) => {
  const editDoc = (index: number, change: Partial<TRcaDoc>) => onChange(docs.map((doc, at) => (at === index ? { ...doc, ...change } : doc)));
  const listError = errorAt('');
  return (
    <Stack gap="xs">
      <Title order={3} fz={16}>
        Documenti richiesti
      </Title>
      <Text size="sm" c="dimmed">
        Il codice è quello con cui il documento si carica sulla pratica; i documenti obbligatori sono segnalati al corner finché mancano.
      </Text>
      {docs.map((doc, index) => (
        <Group key={index} align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Codice"
            value={doc.docType}
            onChange={(event) => editDoc(index, { docType: event.currentTarget.value })}
            error={errorAt(`${index}.docType`)}
            disabled={disabled}
            w={{ base: '100%', xs: 180 }}
            required
          />
          <TextInput
            label="Nome del documento"
            value={doc.label}
            onChange={(event) => editDoc(index, { label: event.currentTarget.value })}
            error={errorAt(`${index}.label`)}
            disabled={disabled}
            style={{ flex: 1, minWidth: 200 }}
            required
          />
          <Checkbox
            label="Obbligatorio"
            checked={doc.required}
            onChange={(event) => editDoc(index, { required: event.currentTarget.checked })}
            disabled={disabled}
            mt={{ base: 0, xs: 32 }}
          />
          <Button
            variant="subtle"
            color="red"
            mt={{ base: 0, xs: 24 }}
            onClick={() => onChange(docs.filter((_, at) => at !== index))}
            disabled={disabled}
            aria-label={`Rimuovi ${doc.label || 'documento'}`}
          >
            Rimuovi
          </Button>
        </Group>
      ))}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={() => onChange([...docs, { docType: '', label: '', required: true }])} disabled={disabled}>
          Aggiungi documento
        </Button>
      </Group>
    </Stack>
  );
};
