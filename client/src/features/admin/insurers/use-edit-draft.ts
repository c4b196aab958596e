import { useEffect, useRef, useState } from 'react';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { serverFieldErrors } from './form-errors';

type TEditDraftOptions<TItem, TDraft> = {
  /** The record to edit, `'new'` to create one, null when the dialog is closed. */
  item: TItem | 'new' | null;
  /** The draft the dialog starts from when it opens (or when `resetKey` changes while open). */
  initial: (item: TItem | 'new') => TDraft;
  resetKey?: unknown;
  /** The messages by field of the draft's check; none: it can be saved. */
  validate: (draft: TDraft) => Partial<Record<keyof TDraft & string, string>>;
  /** Creates (`'new'`) or updates the record. */
  persist: (draft: TDraft, item: TItem | 'new') => Promise<unknown>;
  /** The toast after a save. */
  saved: { created: string; updated: string };
  onSaved: () => void;
};

/**
 * A company's or an agency's dialog: the draft, reset when the dialog opens; its check, then the save, its toast and
 * `onSaved`. A server refusal with messages by field shows them on the fields, any other error as a notice.
 * `save` answers whether the dialog may close.
 */
export const useEditDraft = <TItem, TDraft>({ item, initial, resetKey, validate, persist, saved, onSaved }: TEditDraftOptions<TItem, TDraft>) => {
  type TErrors = Partial<Record<keyof TDraft & string, string>>;
  const [draft, setDraft] = useState<TDraft>(() => initial('new'));
  const [errors, setErrors] = useState<TErrors>({});
  const isNew = item === 'new';
  const initialLatest = useRef(initial);
  initialLatest.current = initial;

  useEffect(() => {
    if (item === null) return;
    setDraft(initialLatest.current(item));
    setErrors({});
  }, [item, resetKey]);

  const save = async (): Promise<boolean> => {
    if (item === null) return false;
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      await persist(draft, item);
      toast('success', isNew ? saved.created : saved.updated);
      onSaved();
      return true;
    } catch (error) {
      const fields = serverFieldErrors<keyof TDraft & string>(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else showApiError(error);
      return false;
    }
  };

  return { draft, setDraft, errors, isNew, save };
};
