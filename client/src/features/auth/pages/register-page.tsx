import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TMessageResponse } from '../../../../../shared/schemas/common';
import { AuthCard } from '../components/auth-card';
import { MailIcon } from '../components/mail-icon';
import { RegisterForm } from '../components/register-form';

const RegisteredNotice = ({ message }: { message: string }) => (
  <Stack align="center" ta="center" gap="md" role="status">
    <ThemeIcon size={56} radius="xl" variant="light" color="teal">
      <MailIcon />
    </ThemeIcon>
    <Text>{message}</Text>
    <Text c="dimmed" size="sm">
      Apri il link che ti abbiamo inviato per confermare l’indirizzo, poi accedi al portale.
    </Text>
    <Button component={Link} to="/accedi" variant="light">
      Vai all’accesso
    </Button>
  </Stack>
);

const RegisterPage = () => {
  const [answer, setAnswer] = useState<TMessageResponse | null>(null);
  // A referral link (`/registrati?ref=CODE`): the server checks the code, the page only passes it on.
  const referralCode = useSearchParams()[0].get('ref')?.trim().slice(0, 40) || undefined;
  return (
    <AuthCard
      title={answer ? 'Controlla la tua email' : 'Registrati'}
      description={answer ? undefined : 'Crea il tuo account per lavorare con il portale.'}
      footer={
        answer ? undefined : (
          <>
            Hai già un account?{' '}
            <Anchor component={Link} to="/accedi" fw={600}>
              Accedi
            </Anchor>
          </>
        )
      }
    >
      {answer ? <RegisteredNotice message={answer.message} /> : <RegisterForm onRegistered={setAnswer} referralCode={referralCode} />}
    </AuthCard>
  );
};

export default RegisterPage;
