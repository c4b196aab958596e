import type { TSectorSlug } from '../../../../shared/sectors';
import type { TEventBus } from '../../../realtime/event-bus';

/** What happened to a practice, for the live lists and detail pages (issue 15 "Realtime"). */
export type TPracticeChanged = { sector: TSectorSlug; id: string; cornerId: string; kind: string; state: string };

/** Internal bus topics (not browser topics): a sector's practices (its brokers, admins), and one corner's. */
export const practicesTopics = {
  sector: (sector: TSectorSlug) => `practices:sector:${sector}`,
  corner: (cornerId: string) => `practices:corner:${cornerId}`,
} as const;

/** Tells the sector's and the corner's listeners about a committed change; call after the commit. */
export const publishPracticeChanged = async (bus: TEventBus, change: TPracticeChanged) => {
  const payload = { sector: change.sector, id: change.id, kind: change.kind, state: change.state };
  await Promise.all([bus.publish(practicesTopics.sector(change.sector), payload), bus.publish(practicesTopics.corner(change.cornerId), payload)]);
};
