import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export const PrivacySection = ({ number, title, children }: { number: number; title: string; children: ReactNode }) => (
  <Stack gap="xs" component="section" aria-labelledby={`privacy-${number}`}>
    <Title order={2} fz={{ base: 18, sm: 20 }} id={`privacy-${number}`}>
      {number}. {title}
    </Title>
    {children}
  </Stack>
);
