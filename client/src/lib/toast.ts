import { notifications } from '@mantine/notifications';

export type TToastType = 'success' | 'warn' | 'error';

const TOAST_STYLE: Record<TToastType, { color: string; title: string }> = {
  success: { color: 'teal', title: 'Operazione completata' },
  warn: { color: 'yellow', title: 'Attenzione' },
  error: { color: 'red', title: 'Errore' },
};

/** Shows one toast per message (spec section 8: a list of messages of type success, warn or error). */
export const toast = (type: TToastType, messages: string | readonly string[], autoClose?: number): void => {
  const list = typeof messages === 'string' ? [messages] : messages;
  const { color, title } = TOAST_STYLE[type];
  for (const message of list) {
    notifications.show({ color, title, message, autoClose, withBorder: true });
  }
};
