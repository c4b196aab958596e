import { lazy, Suspense, useState } from 'react';
import { isProfileIncomplete } from '../../../../../shared/rules/profile-status';
import { useProfile } from '../../../lib/use-profile';

// The form checks codice fiscale and partita IVA with the server's own rules (codice-fiscale-js, ~300 KB): that
// code is fetched only for the accounts that must complete their data.
const ForcedProfileDialogBody = lazy(() => import('./forced-profile-dialog-body'));

/**
 * Spec section 4: an account whose profile is incomplete is held in a dialog it cannot dismiss until the data is
 * there. Mounted once in the signed-in layout; it follows the profile query, so it closes as soon as the profile
 * reloads complete. Brokers and admins are always complete (the server says so).
 */
export const ForcedProfileDialog = () => {
  const { data } = useProfile();
  const isIncomplete = data !== undefined && isProfileIncomplete(data.user.status, data.user.cf);
  // Each time the profile turns incomplete the dialog opens afresh, with a form filled from the profile of then.
  const [openings, setOpenings] = useState(0);
  const [wasIncomplete, setWasIncomplete] = useState(false);
  if (isIncomplete !== wasIncomplete) {
    setWasIncomplete(isIncomplete);
    if (isIncomplete) setOpenings((count) => count + 1);
  }
  // Stays mounted once opened, so it can play its exit animation when the profile is complete.
  if (!data || openings === 0) return null;
  return (
    <Suspense fallback={null}>
      <ForcedProfileDialogBody key={openings} user={data.user} opened={isIncomplete} />
    </Suspense>
  );
};
