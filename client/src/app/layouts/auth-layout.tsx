import { Anchor, Group, List, Stack, Text, ThemeIcon, Title, CheckIcon } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { APP_NAME, BrandLogo } from '../../components/brand-logo';
import { PageLoader } from '../../components/page-loader';
import classes from './auth-layout.module.css';

const SECTORS = ['RC Auto, altri rami e fideiussioni', 'Luce e gas, GPL', 'Clienti, documenti e pagamenti', 'Chat con lo staff e con i broker'];

const BrandPanel = () => (
  <aside className={classes.aside}>
    <BrandLogo inverted />
    <Stack gap="lg" maw={440}>
      <Title order={2} c="white" fz={30} lh={1.25}>
        Il back office per intermediari assicurativi e di utenze
      </Title>
      <Text c="indigo.1" size="lg">
        Preventivi, pratiche, documenti e provvigioni in un unico posto.
      </Text>
      <List
        spacing="sm"
        c="white"
        icon={
          <ThemeIcon size={24} radius="xl" color="white" c="indigo.8">
            <CheckIcon size={12} />
          </ThemeIcon>
        }
      >
        {SECTORS.map((sector) => (
          <List.Item key={sector}>{sector}</List.Item>
        ))}
      </List>
    </Stack>
    <Text size="sm" c="indigo.2">
      © {new Date().getFullYear()} {APP_NAME}
    </Text>
  </aside>
);

/** Frame of the public forms: a brand panel on wide screens, the form alone on a phone. */
export const AuthLayout = () => (
  <div className={classes.root}>
    <BrandPanel />
    <main className={classes.main}>
      <div className={classes.mobileBrand}>
        <BrandLogo />
      </div>
      <div className={classes.content}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </div>
      <Group className={classes.footer} gap="lg" justify="center">
        <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
          Informativa sulla privacy
        </Anchor>
      </Group>
    </main>
  </div>
);
