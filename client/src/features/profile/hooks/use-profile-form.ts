import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TProfile, TProfileUser } from '../../../../../shared/schemas/profile';
import { ApiError } from '../../../lib/api-error';
import type { TErrorDisplay } from '../../../lib/api-error-display';
import { applyServerError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { fromTrpcError } from '../../../lib/trpc-error';
import { toFormValues, toProfilePayload, type TProfileFormValues } from '../profile-form-values';
import { validateProfileForm } from '../profile-validation';

/** Puts the cursor in the first field that holds an error (Mantine marks inputs with `data-path`), once it is shown. */
const focusFirst = (paths: readonly string[]): void => {
  requestAnimationFrame(() => {
    const first = paths
      .map((path) => document.querySelector<HTMLElement>(`[data-path="${path}"]`))
      .find((element): element is HTMLElement => element !== null);
    first?.focus();
  });
};

/** Saved: the profile as reloaded from the server. Not saved: the paths of the fields holding an error. */
export type TSaveResult = { profile: TProfile } | { profile: null; errorPaths: string[] };

type TUseProfileFormOptions = { user: TProfileUser; requireComplete: boolean };

/** The profile form shared by the forced dialog and /profilo: values, checks, save and reload. */
export const useProfileForm = ({ user, requireComplete }: TUseProfileFormOptions) => {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const form = useForm<TProfileFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(user),
    validate: (values) => validateProfileForm(values, requireComplete),
  });
  const mutation = useMutation(trpc.profile.update.mutationOptions());

  /** Checks only these fields, so a step does not show errors of the steps after it; true when all pass. */
  const validateFields = (paths: readonly string[]): boolean => {
    const failed = paths.filter((path) => form.validateField(path).hasError);
    focusFirst(failed);
    return failed.length === 0;
  };

  const save = async (): Promise<TSaveResult> => {
    setFailure(null);
    const checked = form.validate();
    if (checked.hasErrors) {
      focusFirst(Object.keys(checked.errors));
      return { profile: null, errorPaths: Object.keys(checked.errors) };
    }
    try {
      const { message } = await mutation.mutateAsync(toProfilePayload(form.getValues()));
      toast('success', message);
      // Spec section 7: after the update the profile reloads; everything showing it follows.
      const profileQuery = trpc.profile.get.queryOptions();
      await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey, refetchType: 'all' });
      const reloaded = queryClient.getQueryData(profileQuery.queryKey) ?? (await queryClient.fetchQuery(profileQuery));
      // The server's own writing of what was sent (upper-case codice fiscale, partita IVA without "IT").
      const saved = toFormValues(reloaded.user);
      form.setInitialValues(saved);
      form.setValues(saved);
      form.resetDirty(saved);
      return { profile: reloaded };
    } catch (caught) {
      setFailure(applyServerError(form, caught));
      const error = fromTrpcError(caught);
      return { profile: null, errorPaths: error instanceof ApiError ? Object.keys(error.fields) : [] };
    }
  };

  return { form, failure, save, validateFields, isSaving: mutation.isPending };
};

export type TProfileForm = ReturnType<typeof useProfileForm>['form'];
