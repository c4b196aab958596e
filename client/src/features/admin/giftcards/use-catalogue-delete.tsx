import { useConfirm } from '../../../components/dialog/use-confirm';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';

/**
 * Deleting a category or a card: asks first, then deletes inside the confirmation (its loading state); a refusal
 * (a category in use, a card someone chose) is shown with the server's Italian reason and nothing changes.
 */
export const useCatalogueDelete = <T,>(texts: { title: string; message: (row: T) => string }, remove: (row: T) => Promise<{ message: string }>, reload: () => Promise<unknown>) => {
  const { confirm, dialog } = useConfirm();
  const ask = (row: T) =>
    void confirm({
      title: texts.title,
      message: texts.message(row),
      confirmLabel: 'Elimina',
      isDestructive: true,
      action: async () => {
        try {
          toast('success', (await remove(row)).message);
          await reload();
          return true;
        } catch (error) {
          showApiError(error);
          return true;
        }
      },
    });
  return { ask, dialog };
};
