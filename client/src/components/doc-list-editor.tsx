import { Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type TDocShape = { required: boolean };
type TTextField<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export type TDocListEditorProps<T extends TDocShape> = {
  title: string;
  description: string;
  /** Shown when the list is empty (nothing when absent). */
  emptyText?: string;
  docs: readonly T[];
  onChange: (docs: T[]) => void;
  /** Which fields of a document hold its code (how it is uploaded) and its name. */
  fields: { code: TTextField<T>; name: TTextField<T> };
  /** The message on a field, by its path inside the list ('0.<code field>', '' for the list as a whole). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
  newDoc: () => T;
  max?: number;
  /** When given, the name comes first and the code follows it (until the admin edits the code). */
  deriveCode?: (name: string) => string;
  /** What else a change of «Obbligatorio» changes (a corner's document to sign must be required). */
  onRequired?: (required: boolean) => Partial<T>;
  /** Controls of the document's own (after «Obbligatorio»). */
  extra?: (doc: T, edit: (change: Partial<T>) => void) => ReactNode;
  addAriaLabel?: string;
};

/**
 * A list of documents to ask for: code, name, whether it is required, add and remove. One editor for every such list
 * of the admin (a sector's or an offer's documents, a corner's own file, a product's documents).
 */
export const DocListEditor = <T extends TDocShape>({ title, description, emptyText, docs, onChange, fields, errorAt, disabled, newDoc, max, deriveCode, onRequired, extra, addAriaLabel }: TDocListEditorProps<T>) => {
  const edit = (index: number, change: Partial<T>) => onChange(docs.map((doc, at) => (at === index ? { ...doc, ...change } : doc)));
  const text = (doc: T, field: TTextField<T>) => doc[field] as string;
  const listError = errorAt('');
  return (
    <Stack gap="xs">
      <div>
        <Title order={3} fz={16}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      {docs.length === 0 && emptyText && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {docs.map((doc, index) => {
        const code = (
          <TextInput
            key="code"
            label="Codice"
            value={text(doc, fields.code)}
            onChange={(event) => edit(index, { [fields.code]: event.currentTarget.value } as Partial<T>)}
            error={errorAt(`${index}.${fields.code}`)}
            disabled={disabled}
            w={{ base: '100%', xs: deriveCode ? 200 : 180 }}
            required
          />
        );
        const name = (
          <TextInput
            key="name"
            label="Nome del documento"
            value={text(doc, fields.name)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              const current = text(doc, fields.code);
              const follows = deriveCode !== undefined && (current === '' || current === deriveCode(text(doc, fields.name)));
              edit(index, { [fields.name]: value, ...(follows ? { [fields.code]: deriveCode(value) } : {}) } as Partial<T>);
            }}
            error={errorAt(`${index}.${fields.name}`)}
            disabled={disabled}
            style={{ flex: 1, minWidth: 200 }}
            required
          />
        );
        return (
          <Group key={index} align="flex-start" gap="sm" wrap="wrap">
            {deriveCode ? [name, code] : [code, name]}
            <Checkbox
              label="Obbligatorio"
              checked={doc.required}
              onChange={(event) => {
                const required = event.currentTarget.checked;
                edit(index, { required, ...onRequired?.(required) } as Partial<T>);
              }}
              disabled={disabled}
              mt={{ base: 0, xs: 32 }}
            />
            {extra?.(doc, (change) => edit(index, change))}
            <Button variant="subtle" color="red" mt={{ base: 0, xs: 24 }} onClick={() => onChange(docs.filter((_, at) => at !== index))} disabled={disabled} aria-label={`Rimuovi ${text(doc, fields.name) || 'documento'}`}>
              Rimuovi
            </Button>
          </Group>
        );
      })}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={() => onChange([...docs, newDoc()])} disabled={disabled || (max !== undefined && docs.length >= max)} aria-label={addAriaLabel}>
          Aggiungi documento
        </Button>
      </Group>
    </Stack>
  );
};
