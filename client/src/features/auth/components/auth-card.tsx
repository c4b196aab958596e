import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';

type TAuthCardProps = { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode };

/** The card every public form sits in, with the page title for the browser tab. */
export const AuthCard = ({ title, description, children, footer }: TAuthCardProps) => (
  <Stack gap="lg">
    <PageTitle title={title} />
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" mt={6}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
    {footer && (
      <Text ta="center" size="sm" c="dimmed">
        {footer}
      </Text>
    )}
  </Stack>
);
