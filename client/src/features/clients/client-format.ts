const dateTime = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "05/03/2026, 14:30": when a note was written. */
export const formatDateTime = (value: Date): string => dateTime.format(value);
