import { Group, Text, UnstyledButton, type MantineBreakpoint } from '@mantine/core';
import { Link } from 'react-router';

export const APP_NAME = 'Piattaforma Intermediari';

type TBrandLogoProps = { inverted?: boolean };
type TBrandLogoLinkProps = TBrandLogoProps & {
  /** Below this width only the mark shows (a crowded phone header); the link keeps its name. */
  nameVisibleFrom?: MantineBreakpoint;
};

const BrandMark = ({ inverted = false }: TBrandLogoProps) => (
  <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill={inverted ? '#fff' : 'var(--mantine-primary-color-filled)'} />
    <path
      d="M9 22V10h2.6v12zm5.4 0V10h4.8c2.9 0 4.8 1.7 4.8 4.3s-1.9 4.3-4.8 4.3H17v3.4zm2.6-5.6h2c1.4 0 2.3-.8 2.3-2.1s-.9-2.1-2.3-2.1h-2z"
      fill={inverted ? 'var(--mantine-primary-color-filled)' : '#fff'}
    />
  </svg>
);

/** The logo: always a link to the home page (spec section 2). */
export const BrandLogo = ({ inverted = false, nameVisibleFrom }: TBrandLogoLinkProps) => (
  <UnstyledButton component={Link} to="/" aria-label={`${APP_NAME}, vai alla home`}>
    <Group gap={10} wrap="nowrap">
      <BrandMark inverted={inverted} />
      <Text fw={700} size="lg" c={inverted ? 'white' : undefined} visibleFrom={nameVisibleFrom} style={{ letterSpacing: '-0.01em' }}>
        {APP_NAME}
      </Text>
    </Group>
  </UnstyledButton>
);
