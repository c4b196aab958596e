import { Switch, Tooltip } from '@mantine/core';
import type { TPushControl } from '../push/use-push-notifications';
import { PUSH_MESSAGES } from '../push/push-support';

const DESCRIPTIONS: Partial<Record<TPushControl['status'], string>> = {
  unsupported: PUSH_MESSAGES.unsupported,
  denied: 'Bloccate nelle impostazioni del browser',
};

/**
 * The push switch of the bell (spec section 4). Unsupported: disabled, saying why (in a tooltip and below the
 * label, which a keyboard or touch user can read too). Denied: still clickable, so a click explains how to undo it.
 */
export const PushToggle = ({ push }: { push: TPushControl }) => {
  const description = DESCRIPTIONS[push.status];
  const control = (
    <Switch
      size="sm"
      label="Notifiche push"
      description={description}
      checked={push.status === 'on'}
      // Not disabled while busy: the focus would leave the popover (the toggle ignores clicks meanwhile).
      disabled={push.status === 'unsupported'}
      onChange={push.toggle}
      aria-busy={push.isBusy || undefined}
      data-push-status={push.status}
      styles={{ description: { color: push.status === 'denied' ? 'var(--mantine-color-orange-8)' : undefined } }}
    />
  );
  if (push.status !== 'unsupported') return control;
  return (
    <Tooltip label={PUSH_MESSAGES.unsupported} withinPortal={false} multiline w={220}>
      <div>{control}</div>
    </Tooltip>
  );
};
