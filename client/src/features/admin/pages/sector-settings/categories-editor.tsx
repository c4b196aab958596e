import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useConfirm } from '../../../../components/dialog/use-confirm';

type TCategoriesEditorProps = {
  categories: string[];
  onChange: (categories: string[]) => void;
  /** The message on a field, by its path inside the list ('0', '' for the list as a whole). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

/** The altri rami categories offered to the corners: add, rename, remove (after a confirmation). */
export const CategoriesEditor = ({ categories, onChange, errorAt, disabled }: TCategoriesEditorProps) => {
  const { confirm, dialog } = useConfirm();
  const listError = errorAt('');

  const remove = async (index: number) => {
    const name = categories[index]?.trim() ?? '';
    // A row just added and still empty goes without asking.
    if (name !== '') {
      const isConfirmed = await confirm({
        title: 'Rimuovere la categoria?',
        message: `La categoria «${name}» sarà tolta dall’elenco quando salvi le impostazioni.`,
        confirmLabel: 'Rimuovi',
        isDestructive: true,
      });
      if (!isConfirmed) return;
    }
    onChange(categories.filter((_, at) => at !== index));
  };

  return (
    <Stack gap="xs">
      <Title order={3} fz={16}>
        Categorie
      </Title>
      <Text size="sm" c="dimmed">
        Le categorie di rischio di riferimento del settore. Il corner apre una pratica scegliendo uno dei prodotti pubblicati qui sopra, ciascuno con il suo questionario.
      </Text>
      {categories.map((name, index) => (
        <Group key={index} align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label="Nome della categoria"
            value={name}
            onChange={(event) => onChange(categories.map((current, at) => (at === index ? event.currentTarget.value : current)))}
            error={errorAt(String(index))}
            disabled={disabled}
            style={{ flex: 1, minWidth: 0 }}
            required
          />
          <Button
            variant="subtle"
            color="red"
            mt={24}
            onClick={() => void remove(index)}
            disabled={disabled}
            aria-label={`Rimuovi la categoria ${name.trim() || 'senza nome'}`}
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
        <Button variant="light" onClick={() => onChange([...categories, ''])} disabled={disabled}>
          Aggiungi categoria
        </Button>
      </Group>
      {dialog}
    </Stack>
  );
};
