import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationPreferences, TUpdateNotificationPreferenceRequest } from '../../../../../shared/schemas/notifications';
import { showApiError } from '../../../lib/api-error-display';
import {
  fetchNotificationPreferences,
  NOTIFICATION_PREFERENCES_QUERY_KEY,
  updateNotificationPreference,
  withPreferenceFlag,
} from './preferences-api';

/** The user's preference flags, fetched while the panel is open. */
export const useNotificationPreferences = (isEnabled: boolean) =>
  useQuery({
    queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY,
    queryFn: ({ signal }) => fetchNotificationPreferences(signal),
    enabled: isEnabled,
  });

/**
 * Flips one flag at once (optimistic); on failure puts back only that flag, so a quicker toggle of another row in
 * the meantime survives, and shows the error as spec section 8 says.
 */
export const useUpdateNotificationPreference = () => {
  const queryClient = useQueryClient();
  const setFlag = (input: TUpdateNotificationPreferenceRequest) =>
    queryClient.setQueryData<TNotificationPreferences>(NOTIFICATION_PREFERENCES_QUERY_KEY, (current) =>
      withPreferenceFlag(current, input.pref, input.key, input.val),
    );
  return useMutation({
    mutationFn: updateNotificationPreference,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY });
      setFlag(input);
    },
    onError: (error, input) => {
      setFlag({ ...input, val: !input.val });
      showApiError(error);
    },
  });
};
