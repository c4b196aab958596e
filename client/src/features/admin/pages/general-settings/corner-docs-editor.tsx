import { Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TCornerDoc, TCornerDocs } from '../../../../../../shared/schemas/general-settings';

type TCornerDocsEditorProps = {
  title: string;
  description: string;
  docs: TCornerDocs;
  onChange: (docs: TCornerDocs) => void;
  /** The message on a field, by its path inside the list ('0.key', '' for the list as a whole). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

/** The documents of a corner's own file (`profileDocs`, `otherDocs`): code, name, required, signed on the platform. */
export const CornerDocsEditor = ({ title, description, docs, onChange, errorAt, disabled }: TCornerDocsEditorProps) => {
  const editDoc = (index: number, change: Partial<TCornerDoc>) => onChange(docs.map((doc, at) => (at === index ? { ...doc, ...change } : doc)));
  const listError = errorAt('');
  return (
    <Stack gap="xs">
      <Title order={3} fz={16}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      {docs.map((doc, index) => (
        <Group key={index} align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Codice"
            value={doc.key}
            onChange={(event) => editDoc(index, { key: event.currentTarget.value })}
            error={errorAt(`${index}.key`)}
            disabled={disabled}
            w={{ base: '100%', xs: 180 }}
            required
          />
          <TextInput
            label="Nome del documento"
            value={doc.name}
            onChange={(event) => editDoc(index, { name: event.currentTarget.value })}
            error={errorAt(`${index}.name`)}
            disabled={disabled}
            style={{ flex: 1, minWidth: 200 }}
            required
          />
          <Checkbox
            label="Obbligatorio"
            checked={doc.required}
            onChange={(event) => editDoc(index, { required: event.currentTarget.checked, ...(event.currentTarget.checked ? {} : { sign: false }) })}
            disabled={disabled}
            mt={{ base: 0, xs: 32 }}
          />
          <Checkbox
            label="Da firmare con OTP"
            checked={doc.sign ?? false}
            onChange={(event) => editDoc(index, { sign: event.currentTarget.checked })}
            error={errorAt(`${index}.sign`)}
            disabled={disabled || !doc.required}
            mt={{ base: 0, xs: 32 }}
          />
          <Button variant="subtle" color="red" mt={{ base: 0, xs: 24 }} onClick={() => onChange(docs.filter((_, at) => at !== index))} disabled={disabled} aria-label={`Rimuovi ${doc.name || 'documento'}`}>
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
        <Button variant="light" onClick={() => onChange([...docs, { key: '', name: '', required: false }])} disabled={disabled} aria-label={`Aggiungi documento: ${title}`}>
          Aggiungi documento
        </Button>
      </Group>
    </Stack>
  );
};
