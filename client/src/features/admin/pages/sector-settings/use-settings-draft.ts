import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TUpdateSettingRequest } from '../../../../../../shared/schemas/data';
import { ApiError } from '../../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../../lib/api-error-display';
import { toast } from '../../../../lib/toast';
import { useTRPC } from '../../../../lib/trpc';
import { fromTrpcError } from '../../../../lib/trpc-error';
import { changedKeys, issuesOf, splitServerFields, type TFieldIssue } from './settings-draft';

type TSettingsDraftOptions<TValues extends Record<string, unknown>> = {
  /** The keys the editor owns, in the order they are saved. */
  keys: readonly (keyof TValues & string)[];
  /** The saved values (the defaults until loaded). */
  saved: TValues;
  /** The first problem of one key's value, as the server checks it. */
  issueOf: (key: keyof TValues & string, value: unknown) => { path: readonly PropertyKey[]; message: string } | null;
  /** The toast after a successful save. */
  successMessage: string;
};

/**
 * The edits of some settings keys over their saved values: the draft, which keys changed, each key's first problem
 * (before saving, from the shared schema; after, from the server's answer), and the save of only the changed keys
 * with the `settings.update` mutation, one key at a time.
 */
export const useSettingsDraft = <TValues extends Record<string, unknown>>({ keys, saved, issueOf, successMessage }: TSettingsDraftOptions<TValues>) => {
  type TKey = keyof TValues & string;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.settings.update.mutationOptions());
  const [edits, setEdits] = useState<Partial<TValues>>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const [serverIssues, setServerIssues] = useState<Partial<Record<TKey, TFieldIssue[]>>>({});
  const [isSaving, setIsSaving] = useState(false);

  const draft = { ...saved, ...edits } as TValues;
  const changed = changedKeys<TKey>(keys, draft, saved);
  const issues = issuesOf<TKey>(keys, draft, issueOf);
  const hasIssues = changed.some((key) => issues[key] !== undefined);

  /** The message to show on a field of a key's value (its dotted path inside the value, '' for the whole). */
  const errorAt = (key: TKey, path: string): string | undefined => {
    if (issues[key]) return issues[key].path === path ? issues[key].message : undefined;
    return serverIssues[key]?.find((issue) => issue.path === path)?.message;
  };

  const edit = <K extends TKey>(key: K, value: TValues[K]) => {
    setEdits((current) => ({ ...current, [key]: value }));
    setServerIssues((current) => ({ ...current, [key]: undefined }));
  };

  const reset = () => {
    setEdits({});
    setFailure(null);
    setServerIssues({});
  };

  const save = async () => {
    if (changed.length === 0 || hasIssues) return;
    setIsSaving(true);
    setFailure(null);
    setServerIssues({});
    let current: TKey | undefined;
    try {
      for (const key of changed) {
        current = key;
        // Settings values are plain JSON (the editors build them from strings, numbers and booleans).
        await update.mutateAsync({ key, value: draft[key] as TUpdateSettingRequest['value'] });
      }
      await queryClient.invalidateQueries(trpc.settings.pathFilter());
      setEdits({});
      toast('success', successMessage);
    } catch (caught) {
      const error = fromTrpcError(caught);
      if (current !== undefined && error instanceof ApiError && error.hasFields) {
        const { onValue, rest } = splitServerFields(error.fields);
        const failedKey = current;
        setServerIssues({ [failedKey]: onValue } as Partial<Record<TKey, TFieldIssue[]>>);
        setFailure(rest.length > 0 ? { kind: error.type === 'warn' ? 'warn' : 'error', messages: rest } : onValue.length > 0 ? null : describeError(error));
      } else {
        setFailure(describeError(caught));
      }
      await queryClient.invalidateQueries(trpc.settings.pathFilter());
    } finally {
      setIsSaving(false);
    }
  };

  return { draft, edit, changed, issues, hasIssues, errorAt, failure, isSaving, save, reset };
};
