import type { TRole } from '../../../../shared/constants';

/**
 * Spec sections 2 and 6. Brokers work one sector's queue: no sidebar, no menu button, no news ticker, no
 * welcome dialog, no profile, payments or documents items. While impersonating, the rules of the target apply.
 */
export const isBroker = (role: TRole | undefined): boolean => role === 'broker';

/** Profile, payments and documents: every role but the broker. */
export const hasAccountPages = (role: TRole | undefined): boolean => role === 'admin' || role === 'corner';

/** 'La mia Gift Card': admins and corners (spec section 6). */
export const hasGiftcardPage = (role: TRole | undefined): boolean => role === 'admin' || role === 'corner';
