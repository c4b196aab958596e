import { SECTOR_LIST } from '../../../../../shared/sectors';
import { isSectorInTier, tierUnavailableNote } from '../../../../../shared/tiers';
import { useProfile } from '../../../lib/use-profile';

/**
 * For a sidebar link to a sector outside the corner's tier (spec section 1): the note that says which tier opens it;
 * null for any other link, for the other roles, and until the profile is known. The profile follows a tier change
 * live (an admin's change sends the settings sync, which reloads it).
 */
export const useTierNote = (to: string): string | null => {
  const sector = SECTOR_LIST.find((candidate) => candidate.route === to)?.slug;
  const { data } = useProfile();
  if (!sector || !data) return null;
  return isSectorInTier(data.user.tier, sector) ? null : tierUnavailableNote(sector);
};
