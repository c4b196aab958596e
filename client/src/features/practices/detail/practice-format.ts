import type { TPracticePolicy } from '../../../../../shared/schemas/practices';
import { formatDate } from '../../../lib/format';

const dateTime = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "05/03/2026, 14:30". */
export const formatDateTime = (value: Date): string => dateTime.format(value);

/** An ISO day ("2027-03-31") as "31/03/2027"; a dash for none. */
export const formatIsoDay = (value: string | null | undefined): string => (value ? formatDate(`${value}T00:00:00`) : '—');

const todayIso = () => new Date().toISOString().slice(0, 10);

/** Where the policy stands today: in force, in the grace period after the expiry (cover runs on), or expired. */
export const policyStanding = (policy: TPracticePolicy, today: string = todayIso()): { label: string; color: string } => {
  if (today < policy.effectiveDate) return { label: 'Non ancora in vigore', color: 'gray' };
  if (today <= policy.expiryDate) return { label: 'In vigore', color: 'teal' };
  if (today <= policy.graceUntil) return { label: 'In periodo di tolleranza', color: 'orange' };
  return { label: 'Scaduta', color: 'red' };
};

