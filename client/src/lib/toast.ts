import { notifications } from '@mantine/notifications';

export type TToastType = 'success' | 'warn' | 'error' | 'info';

/** Spec section 9: toasts close by themselves after 5 s unless told otherwise. */
export const TOAST_TIMEOUT_MS = 5000;

type TToastOptions = {
  /** Milliseconds before the toast closes; `false` keeps it until dismissed. */
  autoClose?: number | false;
  /** A toast with a fixed id is shown once, however many times it is asked for. */
  id?: string;
};

const TOAST_STYLE: Record<TToastType, { color: string; title: string }> = {
  success: { color: 'teal', title: 'Operazione completata' },
  warn: { color: 'yellow', title: 'Attenzione' },
  error: { color: 'red', title: 'Errore' },
  info: { color: 'blue', title: 'Avviso' },
};

/** Shows one toast per message (spec section 8: a list of messages of type success, warn or error). */
export const toast = (type: TToastType, messages: string | readonly string[], options: number | TToastOptions = {}): void => {
  const { autoClose = TOAST_TIMEOUT_MS, id } = typeof options === 'number' ? { autoClose: options } : options;
  const list = typeof messages === 'string' ? [messages] : messages;
  const { color, title } = TOAST_STYLE[type];
  list.forEach((message, index) => {
    const toastId = id ? `${id}-${index}` : undefined;
    notifications.show({ id: toastId, color, title, message, autoClose, withBorder: true, style: { whiteSpace: 'pre-line' } });
  });
};
