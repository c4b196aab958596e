import { Anchor } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { RecoverRequestForm } from '../components/recover-request-form';
import { ResetPasswordForm } from '../components/reset-password-form';

const backToLogin = (
  <Anchor component={Link} to="/accedi" fw={600}>
    Torna all’accesso
  </Anchor>
);

/** Without a token: ask for the link. With `?token=`: choose the new (or the first) password. */
const RecoverPasswordPage = () => {
  const token = useSearchParams()[0].get('token');
  if (token) {
    return (
      <AuthCard title="Scegli la password" description="Inserisci la nuova password del tuo account." footer={backToLogin}>
        <ResetPasswordForm token={token} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Recupero password"
      description="Inserisci l’email del tuo account: ti invieremo un link per scegliere una nuova password."
      footer={backToLogin}
    >
      <RecoverRequestForm />
    </AuthCard>
  );
};

export default RecoverPasswordPage;
