import type { Location } from 'react-router';

/** Router state carried to /accedi so the user gets back to where the session check stopped them. */
export type TReturnToState = { returnTo: string };

export const toReturnToState = (location: Location): TReturnToState => ({
  returnTo: `${location.pathname}${location.search}${location.hash}`,
});

/** Only same-origin paths: `//host` or a full URL in the state would leave the app. */
export const readReturnTo = (state: unknown): string => {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return '/';
  const { returnTo } = state;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
};
