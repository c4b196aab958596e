import { Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ZUpdateComuneFields, type TAdminComune, type TComune } from '../../../../../shared/schemas/geo';
import { Dialog } from '../../../components/dialog/dialog';
import { useConfirm } from '../../../components/dialog/use-confirm';
import { ComuneSelect, comuneLabel } from '../../../components/inputs/comune-select';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

/** Tags as typed or pasted ("20121, 20122" is two CAPs), without blanks or repeats. */
const splitCaps = (tags: string[]) => [...new Set(tags.flatMap((tag) => tag.split(/[\s,;]+/)).filter(Boolean))];

type TDraft = { name: string; caps: string[]; active: boolean; mergedInto: TComune | null };
type TErrors = Partial<Record<'name' | 'caps' | 'mergedInto', string>>;

/** Per-field messages of the shared schema (the server checks the same, and also the merge target). */
const draftErrors = (draft: TDraft, istat: string): TErrors => {
  const parsed = ZUpdateComuneFields.safeParse({ name: draft.name, caps: draft.caps, active: draft.active, mergedInto: draft.mergedInto?.istat ?? null });
  const errors: TErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as keyof TErrors] ??= issue.message;
  if (draft.mergedInto?.istat === istat) errors.mergedInto = 'Un comune non può essere unito a sé stesso.';
  return errors;
};

type TComuneEditDialogProps = { comune: TAdminComune | null; onClose: () => void; onSaved: () => void };

/** Renames a comune, fixes its CAPs, (de)activates it or merges it into another (asked for again before saving). */
export const ComuneEditDialog = ({ comune, onClose, onSaved }: TComuneEditDialogProps) => {
  const trpc = useTRPC();
  const update = useMutation(trpc.geo.admin.updateComune.mutationOptions());
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<TDraft>({ name: '', caps: [], active: true, mergedInto: null });
  const [errors, setErrors] = useState<TErrors>({});
  // The comune it is merged into, by its ISTAT code, to show its name.
  const target = useQuery({
    ...trpc.geo.admin.listComuni.queryOptions({ q: comune?.mergedInto ?? '', page: 1, limit: 1, sort: 'name' }),
    enabled: Boolean(comune?.mergedInto),
  });
  useEffect(() => {
    if (comune) {
      setDraft({ name: comune.name, caps: [...comune.caps], active: comune.active, mergedInto: null });
      setErrors({});
    }
  }, [comune]);
  useEffect(() => {
    const found = target.data?.list[0];
    if (comune?.mergedInto && found?.istat === comune.mergedInto) setDraft((current) => ({ ...current, mergedInto: found }));
  }, [comune, target.data]);

  const save = async (): Promise<boolean> => {
    if (!comune) return false;
    const found = draftErrors(draft, comune.istat);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    const mergedInto = draft.mergedInto?.istat ?? null;
    const isNewMerge = mergedInto !== null && mergedInto !== comune.mergedInto;
    if (isNewMerge) {
      const isSure = await confirm({
        title: 'Unire il comune?',
        message: `${comuneLabel(comune)} sarà unito a ${comuneLabel(draft.mergedInto!)} e non sarà più proposto negli indirizzi.`,
        confirmLabel: 'Unisci',
        isDestructive: true,
      });
      if (!isSure) return false;
    }
    try {
      await update.mutateAsync({
        istat: comune.istat,
        name: draft.name,
        caps: draft.caps,
        ...(mergedInto !== comune.mergedInto ? { mergedInto } : {}),
        ...(isNewMerge ? {} : { active: draft.active }),
      });
      toast('success', 'Comune aggiornato.');
      onSaved();
      return true;
    } catch (error) {
      showApiError(error);
      return false;
    }
  };

  return (
    <>
      <Dialog opened={comune !== null} onClose={onClose} title={comune ? `Modifica ${comuneLabel(comune)}` : 'Modifica comune'} size="lg" onConfirm={save} labels={{ confirm: 'Salva' }}>
        {comune && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              ISTAT {comune.istat} · codice catastale {comune.cadastralCode} · {comune.provinceName}
            </Text>
            <TextInput label="Nome" value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })} error={errors.name} required />
            <TagsInput
              label="CAP"
              description="Scrivi un CAP e premi Invio; incollane più di uno separati da virgole."
              value={draft.caps}
              onChange={(caps) => setDraft({ ...draft, caps: splitCaps(caps) })}
              splitChars={[',', ' ', ';']}
              error={errors.caps}
              clearable
            />
            <Switch
              label="Attivo (proposto negli indirizzi)"
              checked={draft.active}
              onChange={(event) => setDraft({ ...draft, active: event.currentTarget.checked })}
              disabled={draft.mergedInto !== null}
            />
            <ComuneSelect
              label="Unito al comune"
              description="Solo se il comune è stato fuso in un altro: non sarà più proposto negli indirizzi."
              placeholder="Nessuno"
              value={draft.mergedInto}
              onChange={(mergedInto) => setDraft({ ...draft, mergedInto })}
              excludeIstat={comune.istat}
              error={errors.mergedInto}
            />
          </Stack>
        )}
      </Dialog>
      {dialog}
    </>
  );
};
