import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MSG } from '../../../../../shared/messages';
import { isProfileIncomplete } from '../../../../../shared/rules/profile-status';
import type { TProfileUser } from '../../../../../shared/schemas/profile';
import { Dialog, type TDialogStep } from '../../../components/dialog/dialog';
import { FormAlert } from '../../../components/form-alert';
import { showApiError } from '../../../lib/api-error-display';
import { useSession } from '../../../lib/session/use-session';
import { useProfileForm } from '../hooks/use-profile-form';
import { IDENTITY_FIELDS, TAX_FIELDS } from '../profile-form-values';
import { ProfileIdentityFields } from './profile-identity-fields';
import { ProfileTaxFields } from './profile-tax-fields';

type TForcedProfileDialogBodyProps = { user: TProfileUser; opened: boolean };

const isIdentityPath = (path: string) => path.startsWith('user.');

/** The two steps of the forced profile update; loaded lazily by ForcedProfileDialog. */
const ForcedProfileDialogBody = ({ user, opened }: TForcedProfileDialogBodyProps) => {
  const { signOut } = useSession();
  const { form, failure, save, validateFields } = useProfileForm({ user, requireComplete: true });
  const [step, setStep] = useState(0);

  const confirm = async (): Promise<boolean> => {
    const result = await save();
    if (result.profile) return !isProfileIncomplete(result.profile.user.status, result.profile.user.cf);
    // A field of step 1 the server refused: show it where it can be corrected.
    if (result.errorPaths.some(isIdentityPath)) setStep(0);
    return false;
  };

  const steps: TDialogStep[] = [
    {
      title: 'Dati anagrafici',
      content: <ProfileIdentityFields form={form} requireComplete />,
      onNext: () => validateFields(IDENTITY_FIELDS),
    },
    {
      title: 'Dati fiscali',
      content: <ProfileTaxFields form={form} />,
      onNext: () => validateFields(TAX_FIELDS),
    },
  ];

  return (
    <Dialog
      opened={opened}
      // Nothing to do: only complete data closes this dialog (spec section 4).
      onClose={() => undefined}
      title="Completa il tuo profilo"
      isDismissable={false}
      steps={steps}
      step={step}
      onStepChange={setStep}
      onConfirm={confirm}
    >
      <Stack gap="sm">
        <Alert color="yellow" variant="light" role="alert">
          {MSG.missingData}
        </Alert>
        {/* Not a way around the dialog: whoever does not have the data at hand can still leave the account. */}
        <Text size="sm" c="dimmed">
          Non hai i dati a portata di mano?{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void signOut().catch(showApiError)}>
            Esci dall’account
          </Anchor>
        </Text>
        <FormAlert error={failure} />
      </Stack>
    </Dialog>
  );
};

export default ForcedProfileDialogBody;
