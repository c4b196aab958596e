import { Button, Divider, Flex, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import type { TProfileUser } from '../../../../../shared/schemas/profile';
import { FormAlert } from '../../../components/form-alert';
import { useProfileForm } from '../hooks/use-profile-form';
import { ProfileIdentityFields } from './profile-identity-fields';
import { ProfileTaxFields } from './profile-tax-fields';

type TProfileEditCardProps = { user: TProfileUser; requireComplete: boolean };

const SectionTitle = ({ children }: { children: string }) => (
  <Title order={3} fz="md" fw={650}>
    {children}
  </Title>
);

/** /profilo's editor: the two steps of the forced dialog on one page, saved together. */
export const ProfileEditCard = ({ user, requireComplete }: TProfileEditCardProps) => {
  const { form, failure, save, isSaving } = useProfileForm({ user, requireComplete });
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="profile-edit-title">
      <form noValidate onSubmit={handleSubmit}>
        <Stack gap="lg">
          <div>
            <Title order={2} fz={{ base: 18, sm: 20 }} id="profile-edit-title">
              Modifica i dati
            </Title>
            <Text size="sm" c="dimmed">
              Codice fiscale e partita IVA vengono controllati prima del salvataggio.
            </Text>
          </div>
          <FormAlert error={failure} />
          <SectionTitle>Dati anagrafici</SectionTitle>
          <ProfileIdentityFields form={form} requireComplete={requireComplete} />
          <Divider />
          <SectionTitle>Dati fiscali</SectionTitle>
          <ProfileTaxFields form={form} />
          {/* On a phone the buttons span the width, the one that saves on top. */}
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || isSaving}>
              Annulla modifiche
            </Button>
            <Button type="submit" loading={isSaving}>
              Salva modifiche
            </Button>
          </Flex>
        </Stack>
      </form>
    </Paper>
  );
};
