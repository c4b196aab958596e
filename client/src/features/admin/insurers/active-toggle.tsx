import { Badge, Button, Group } from '@mantine/core';
import { useConfirm } from '../../../components/dialog/use-confirm';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';

/** What switching one record's `active` says: the confirmation and the toast, by the state it goes to. */
export type TActiveToggleTexts<T> = {
  title: (next: boolean) => string;
  message: (record: T, next: boolean) => string;
  done: (next: boolean) => string;
};

/**
 * Deactivating or reactivating a company or an agency: asks first (deactivating is destructive), saves, says so and
 * reloads the list; an error is shown and nothing else happens. `dialog` is rendered by the page.
 */
export const useActiveToggle = <T extends { active: boolean }>(texts: TActiveToggleTexts<T>, save: (record: T, active: boolean) => Promise<unknown>, reload: () => Promise<unknown>) => {
  const { confirm, dialog } = useConfirm();
  const toggle = async (record: T) => {
    const next = !record.active;
    const isSure = await confirm({ title: texts.title(next), message: texts.message(record, next), confirmLabel: next ? 'Riattiva' : 'Disattiva', isDestructive: !next });
    if (!isSure) return;
    try {
      await save(record, next);
      toast('success', texts.done(next));
      await reload();
    } catch (error) {
      showApiError(error);
    }
  };
  return { toggle, dialog };
};

/** The state of a company or an agency in its list. */
export const ActiveBadge = ({ active }: { active: boolean }) => (
  <Badge color={active ? 'teal' : 'gray'} variant="light">
    {active ? 'Attiva' : 'Disattivata'}
  </Badge>
);

/** The row's actions: edit, and deactivate or reactivate. */
export const ActiveRowActions = ({ name, active, onEdit, onToggle }: { name: string; active: boolean; onEdit: () => void; onToggle: () => void }) => (
  <Group gap="xs" justify="flex-end" wrap="nowrap">
    <Button size="xs" variant="subtle" onClick={onEdit} aria-label={`Modifica ${name}`}>
      Modifica
    </Button>
    <Button size="xs" variant="subtle" color={active ? 'red' : 'teal'} onClick={onToggle} aria-label={`${active ? 'Disattiva' : 'Riattiva'} ${name}`}>
      {active ? 'Disattiva' : 'Riattiva'}
    </Button>
  </Group>
);
