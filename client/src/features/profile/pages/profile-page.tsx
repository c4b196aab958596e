import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import type { TProfileUser } from '../../../../../shared/schemas/profile';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ChangePasswordDialog } from '../../../components/password/change-password-dialog';
import { useSession } from '../../../lib/session/use-session';
import { useProfile } from '../../../lib/use-profile';
import { ProfileEditCard } from '../components/profile-edit-card';
import { ProfileSkeleton } from '../components/profile-skeleton';
import { ProfileSummary } from '../components/profile-summary';

/** The editor starts over from whatever the server last said (after its own save, or the forced dialog's). */
const editorKey = (user: TProfileUser): string =>
  [user.type, user.name, user.surname, user.business, user.vat, user.cf, user.taxRegime, user.hasEmployee].join('|');

/** /profilo: the signed-in user's data and its editor, with the same form as the forced dialog. */
const ProfilePage = () => {
  const { user: sessionUser } = useSession();
  const profile = useProfile();
  const [isPasswordOpen, setIsPasswordOpen] = useState(false);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Profilo"
        description="I tuoi dati anagrafici e fiscali."
        actions={
          <Button variant="default" onClick={() => setIsPasswordOpen(true)}>
            Cambia password
          </Button>
        }
      />
      {profile.isPending && <ProfileSkeleton />}
      {profile.isError && (
        <QueryError
          title="Impossibile caricare il profilo"
          error={profile.error}
          isRetrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      )}
      {profile.data && sessionUser && (
        <>
          <ProfileSummary profile={profile.data} role={sessionUser.role} state={sessionUser.state} isDetailed />
          <ProfileEditCard
            key={editorKey(profile.data.user)}
            user={profile.data.user}
            requireComplete={sessionUser.role === 'corner'}
          />
        </>
      )}
      <ChangePasswordDialog opened={isPasswordOpen} onClose={() => setIsPasswordOpen(false)} />
    </Stack>
  );
};

export default ProfilePage;
