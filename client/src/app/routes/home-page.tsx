import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { useProfile } from '../../features/profile/api/use-profile';
import { ProfileSummary } from '../../features/profile/components/profile-summary';
import { describeError } from '../../lib/api-error-display';
import { useSession } from '../../lib/session/use-session';

const ProfileSkeleton = () => (
  <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-busy="true" aria-label="Caricamento del profilo">
    <Group gap="md" wrap="nowrap">
      <Skeleton circle height={56} />
      <Stack gap={8} style={{ flex: 1 }}>
        <Skeleton height={20} width="50%" />
        <Skeleton height={14} width="35%" />
      </Stack>
    </Group>
  </Paper>
);

const HomePage = () => {
  const { user } = useSession();
  const profile = useProfile();
  return (
    <Stack gap="lg">
      <PageTitle title="Home" />
      <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Home
          </Title>
          <Text c="dimmed">Il tuo account sul Portale Intermediari.</Text>
        </div>
        <LogoutButton />
      </Group>
      {profile.isPending && <ProfileSkeleton />}
      {profile.isError && (
        <Alert color="red" variant="light" title="Impossibile caricare il profilo">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{describeError(profile.error).messages.join(' ')}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void profile.refetch()} loading={profile.isFetching}>
              Riprova
            </Button>
          </Stack>
        </Alert>
      )}
      {profile.data && user && <ProfileSummary profile={profile.data} role={user.role} state={user.state} />}
    </Stack>
  );
};

export default HomePage;
