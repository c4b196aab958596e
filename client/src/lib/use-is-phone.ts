import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` (48em): tables drop their secondary columns instead of scrolling sideways. */
export const useIsPhone = (): boolean => !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
