import { adminFeature } from '../features/admin/feature';
import { clientsFeature } from '../features/clients/feature';
import { documentsFeature } from '../features/documents/feature';
import { giftcardsFeature } from '../features/giftcards/feature';
import { newsFeature } from '../features/news/feature';
import { notificationsFeature } from '../features/notifications/feature';
import { paymentsFeature } from '../features/payments/feature';
import { practicesFeature } from '../features/practices/feature';
import { profileFeature } from '../features/profile/feature';
import type { TFeature } from '../lib/features';

/**
 * The client features with signed-in pages: the one list a new feature is added to. The shell's routes
 * (routes/shell-routes.tsx) and the sidebar (nav.ts) derive from it.
 */
export const FEATURES: readonly TFeature[] = [
  adminFeature,
  clientsFeature,
  practicesFeature,
  newsFeature,
  notificationsFeature,
  profileFeature,
  paymentsFeature,
  documentsFeature,
  giftcardsFeature,
];
