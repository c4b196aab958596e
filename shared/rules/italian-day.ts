/** The day in Italy as YYYY-MM-DD (dates of supplies, file names): the calendar day there, whatever the server's zone. */
export const todayInItaly = (now: Date = new Date()): string => now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
