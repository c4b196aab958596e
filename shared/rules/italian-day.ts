/** The day in Italy as YYYY-MM-DD (dates of supplies, file names): the calendar day there, whatever the server's zone. */
export const todayInItaly = (now: Date = new Date()): string => now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });

/** Rome's offset from UTC in minutes at an instant (60 in winter, 120 in summer). */
const romeOffsetMinutes = (at: Date): number => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
};

/** The instant a day (YYYY-MM-DD) begins in Italy: filters by Italian calendar day compare timestamps with it. */
export const italianDayStart = (day: string): Date => {
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  const guess = new Date(midnightUtc.getTime() - romeOffsetMinutes(midnightUtc) * 60_000);
  return new Date(midnightUtc.getTime() - romeOffsetMinutes(guess) * 60_000);
};

/** The day after (YYYY-MM-DD), calendar arithmetic. */
export const nextDay = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};
