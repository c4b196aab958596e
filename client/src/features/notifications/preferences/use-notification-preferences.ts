import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUpdateNotificationPreferenceRequest } from '../../../../../shared/schemas/notifications';
import { showApiError } from '../../../lib/api-error-display';
import { useTRPC } from '../../../lib/trpc';
import { withPreferenceFlag } from './preferences-api';

/** The user's preference flags, fetched while the panel is open. */
export const useNotificationPreferences = (isEnabled: boolean) => {
  const trpc = useTRPC();
  return useQuery({ ...trpc.notification.preference.get.queryOptions(), enabled: isEnabled });
};

/**
 * Flips one flag at once (optimistic); on failure puts back only that flag, so a quicker toggle of another row in
 * the meantime survives, and shows the error as spec section 8 says.
 */
export const useUpdateNotificationPreference = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = trpc.notification.preference.get.queryKey();
  const setFlag = (input: TUpdateNotificationPreferenceRequest) =>
    queryClient.setQueryData(queryKey, (current) => withPreferenceFlag(current, input.pref, input.key, input.val));
  return useMutation(
    trpc.notification.preference.update.mutationOptions({
      onMutate: async (input) => {
        await queryClient.cancelQueries({ queryKey });
        setFlag(input);
      },
      onError: (error, input) => {
        setFlag({ ...input, val: !input.val });
        showApiError(error);
      },
    }),
  );
};
