import { SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NEWS_MSG, NEWS_TEXT_MAX, NEWS_TITLE_MAX, ZNewsInput, type TAdminNews } from '../../../../../shared/schemas/news';
import { Dialog } from '../../../components/dialog/dialog';
import { ApiError } from '../../../lib/api-error';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { fromTrpcError } from '../../../lib/trpc-error';
import { fromLocalInput, toLocalInput } from '../news-schedule';

type TDraft = { title: string; text: string; publishFrom: string; publishUntil: string; pinned: boolean };
type TField = keyof TDraft;
type TErrors = Partial<Record<TField, string>>;

const EMPTY: TDraft = { title: '', text: '', publishFrom: '', publishUntil: '', pinned: false };

const draftOf = (item: TAdminNews | 'new'): TDraft =>
  item === 'new'
    ? EMPTY
    : { title: item.title ?? '', text: item.text, publishFrom: toLocalInput(item.publishFrom), publishUntil: toLocalInput(item.publishUntil), pinned: item.pinned };

/** The request of a draft: an empty start is "now", an empty end "never"; a date typed in part is an error. */
const requestOf = (draft: TDraft) => ({
  title: draft.title,
  text: draft.text,
  publishFrom: draft.publishFrom ? (fromLocalInput(draft.publishFrom) ?? draft.publishFrom) : new Date(),
  publishUntil: draft.publishUntil ? (fromLocalInput(draft.publishUntil) ?? draft.publishUntil) : null,
  pinned: draft.pinned,
});

const firstErrors = (fields: Record<string, readonly string[]>): TErrors =>
  Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages[0]])) as TErrors;

type TNewsDialogProps = {
  /** The news item to edit, `'new'` to write one, null when closed. */
  item: TAdminNews | 'new' | null;
  onClose: () => void;
};

/** Writes or edits a news item: title, text, when it goes live and when it leaves, pinned (issue 28). */
export const NewsDialog = ({ item, onClose }: TNewsDialogProps) => {
  const trpc = useTRPC();
  const create = useMutation(trpc.news.create.mutationOptions());
  const update = useMutation(trpc.news.update.mutationOptions());
  const [draft, setDraft] = useState<TDraft>(EMPTY);
  const [errors, setErrors] = useState<TErrors>({});

  useEffect(() => {
    if (item === null) return;
    setDraft(draftOf(item));
    setErrors({});
  }, [item]);

  const save = async (): Promise<boolean> => {
    if (item === null) return false;
    const request = requestOf(draft);
    const parsed = ZNewsInput.safeParse(request);
    if (!parsed.success) {
      const found: TErrors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as TField] ??= issue.message;
      setErrors(found);
      return false;
    }
    setErrors({});
    try {
      if (item === 'new') await create.mutateAsync(parsed.data);
      else await update.mutateAsync({ id: item.id, news: { ...parsed.data, publishUntil: parsed.data.publishUntil ?? null } });
      // The list and the ticker reload on news.onChange, which this save sends to every connected user.
      toast('success', item === 'new' ? NEWS_MSG.created : NEWS_MSG.updated);
      return true;
    } catch (caught) {
      const error = fromTrpcError(caught);
      if (error instanceof ApiError && error.hasFields) setErrors(firstErrors(error.fields));
      else showApiError(caught);
      return false;
    }
  };

  const text = (key: 'title' | 'text' | 'publishFrom' | 'publishUntil') => ({
    value: draft[key],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [key]: event.currentTarget.value }),
    error: errors[key],
  });

  return (
    <Dialog opened={item !== null} onClose={onClose} title={item === 'new' ? 'Nuova notizia' : 'Modifica notizia'} onConfirm={save} labels={{ confirm: 'Salva' }} size="lg">
      <Stack gap="sm">
        <TextInput label="Titolo" description="Facoltativo: compare in grassetto prima del testo." maxLength={NEWS_TITLE_MAX} {...text('title')} />
        <Textarea label="Testo" required autosize minRows={3} maxLength={NEWS_TEXT_MAX} {...text('text')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput type="datetime-local" step={1} label="Inizio pubblicazione" description="Vuoto: subito." {...text('publishFrom')} />
          <TextInput type="datetime-local" step={1} label="Fine pubblicazione" description="Vuoto: resta finché non la elimini." {...text('publishUntil')} />
        </SimpleGrid>
        <Switch label="In evidenza (scorre per prima)" checked={draft.pinned} onChange={(event) => setDraft({ ...draft, pinned: event.currentTarget.checked })} />
      </Stack>
    </Dialog>
  );
};
