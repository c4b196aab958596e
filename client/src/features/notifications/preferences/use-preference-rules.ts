import { useQuery } from '@tanstack/react-query';
import { notificationPreferenceRules } from '../../../../../shared/rules/notification-preferences';
import { useSession } from '../../../lib/session/use-session';
import { useTRPC } from '../../../lib/trpc';

type TPreferenceRules = ReturnType<typeof notificationPreferenceRules>;

/**
 * The preference panel this user gets (spec section 6), by the rule the server applies too. A broker's sector
 * comes from the profile (already in the cache: the shell loads it); until it arrives a broker gets no button,
 * rather than one that may turn out forbidden.
 */
export const usePreferenceRules = (): TPreferenceRules => {
  const { user } = useSession();
  const trpc = useTRPC();
  const isBroker = user?.role === 'broker';
  const profile = useQuery({ ...trpc.profile.get.queryOptions(), enabled: isBroker });
  if (!user) return { canOpen: false, groups: [] };
  if (isBroker && !profile.data) return { canOpen: false, groups: [] };
  return notificationPreferenceRules({ role: user.role, brokerType: profile.data?.broker?.type ?? null });
};
