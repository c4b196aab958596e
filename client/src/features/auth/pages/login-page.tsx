import { Alert, Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { EmailVerification } from '../components/email-verification';
import { LoginForm } from '../components/login-form';
import { readNotice } from '../notice-state';

const LoginPage = () => {
  const notice = readNotice(useLocation().state);
  return (
    <AuthCard
      title="Accedi"
      description="Entra nel portale con l’email e la password del tuo account."
      footer={
        <>
          Non hai un account?{' '}
          <Anchor component={Link} to="/registrati" fw={600}>
            Registrati
          </Anchor>
        </>
      }
    >
      <EmailVerification />
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <LoginForm />
    </AuthCard>
  );
};

export default LoginPage;
