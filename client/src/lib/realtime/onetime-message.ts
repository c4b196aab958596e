
import type { TOneTimeMessage } from '../../../../shared/schemas/notifications';
import { TOAST_TIMEOUT_MS, type TToastType } from '../toast';

const TOAST_TYPES: Record<string, TToastType> = { success: 'success', warn: 'warn', warning: 'warn', error: 'error', info: 'info' };

/** Spec section 4: a one-time message is a notice of its type, closing after its timeout in seconds (5 s by default). */
export const toOneTimeToast = (message: TOneTimeMessage): { type: TToastType; text: string; autoClose: number } => ({
  type: TOAST_TYPES[message.type] ?? 'info',
  text: message.text,
  autoClose: typeof message.timeout === 'number' && message.timeout > 0 ? Math.round(message.timeout * 1000) : TOAST_TIMEOUT_MS,
});
