import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from './page-loading-overlay.module.css';

/** Spec section 9: once loading ends the overlay fades out (0.5 s, in the CSS) and is removed after 1 s. */
const REMOVE_AFTER_MS = 1000;

type TPhase = 'shown' | 'fading' | 'removed';

/**
 * Covers the first load of the signed-in app (session check, shell code) so the user never sees the frame
 * assemble itself. It is a first-load overlay: once removed it stays removed; later page changes show their
 * loader in the content area.
 */
export const PageLoadingOverlay = ({ isLoading }: { isLoading: boolean }) => {
  const [phase, setPhase] = useState<TPhase>(isLoading ? 'shown' : 'removed');

  useEffect(() => {
    if (phase === 'removed') return undefined;
    if (isLoading) {
      setPhase('shown');
      return undefined;
    }
    setPhase('fading');
    const timer = window.setTimeout(() => setPhase('removed'), REMOVE_AFTER_MS);
    return () => window.clearTimeout(timer);
    // `phase` left out on purpose: the timer must not restart when the fade begins.
  }, [isLoading]);

  if (phase === 'removed') return null;
  const isFading = phase === 'fading';
  return (
    <div className={classes.overlay} data-phase={phase} data-testid="page-loading-overlay" aria-hidden={isFading || undefined}>
      <Stack align="center" gap="sm" role={isFading ? undefined : 'status'} aria-live="polite">
        <Loader size="lg" />
        <Text c="dimmed" size="sm">
          Caricamento in corso…
        </Text>
      </Stack>
    </div>
  );
};
