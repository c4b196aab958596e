import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { showApiError } from '../../../lib/api-error-display';
import { useSession } from '../../../lib/session/use-session';
import { toast } from '../../../lib/toast';
import { useTRPCClient } from '../../../lib/trpc';
import { createPushApi } from './push-api';
import { createBrowserPushDeps } from './push-browser';
import { disablePush, enablePush, readPushState, syncPush, type TPushOutcome, type TPushState } from './push-flow';
import { derivePushStatus, PUSH_DENIED_TOAST_MS, PUSH_MESSAGES, type TPushStatus } from './push-support';

/** The failures of a toggle as spec section 8 words them; a dismissed prompt needs no message. */
const reportOutcome = (outcome: TPushOutcome): void => {
  if (outcome.ok) return;
  if (outcome.reason === 'unsupported') toast('warn', PUSH_MESSAGES.unsupported);
  else if (outcome.reason === 'denied') toast('warn', PUSH_MESSAGES.denied, { autoClose: PUSH_DENIED_TOAST_MS, id: 'push-denied' });
  else if (outcome.reason === 'no-subscription') toast('error', PUSH_MESSAGES.noSubscription);
  else if (outcome.reason === 'api-error') showApiError(outcome.error);
};

export type TPushControl = {
  status: TPushStatus;
  isBusy: boolean;
  toggle: () => void;
  /** Reads permission and subscription again (the user may have changed them in the browser meanwhile). */
  refresh: () => void;
};

/**
 * Web push from the bell (spec section 4): the status, a toggle, and on mount the check that the server still
 * holds this browser's subscription.
 */
export const usePushNotifications = (): TPushControl => {
  const { isImpersonating } = useSession();
  const trpcClient = useTRPCClient();
  const deps = useMemo(() => createBrowserPushDeps(createPushApi(trpcClient)), [trpcClient]);
  const [state, setState] = useState<TPushState>(() => ({
    permission: deps.isSupported ? deps.readPermission() : 'default',
    isSubscribed: false,
  }));
  const [isBusy, setIsBusy] = useState(false);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    // While impersonating, this browser's subscription belongs to the admin: it must not be handed to the target.
    void (isImpersonating ? readPushState(deps) : syncPush(deps)).then((next) => isMounted.current && setState(next));
    return () => {
      isMounted.current = false;
    };
  }, [deps, isImpersonating]);

  const refresh = useCallback(() => {
    void readPushState(deps).then((next) => isMounted.current && setState(next));
  }, [deps]);

  const toggle = useCallback(() => {
    if (isBusy) return;
    setIsBusy(true);
    const run = state.isSubscribed && state.permission === 'granted' ? disablePush : enablePush;
    void run(deps)
      .then((outcome) => {
        reportOutcome(outcome);
        if (isMounted.current) setState(outcome.state);
      })
      .finally(() => isMounted.current && setIsBusy(false));
  }, [deps, isBusy, state]);

  return { status: derivePushStatus({ isSupported: deps.isSupported, ...state }), isBusy, toggle, refresh };
};
