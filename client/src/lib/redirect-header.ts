import { PUBLIC_ROUTES } from '../../../shared/constants';

type TRedirectHandler = (to: string) => void;

let redirectHandler: TRedirectHandler = (to) => window.location.assign(to);

/** The app installs the router's navigate here, so a `redirect` header does not reload the page. */
export const setRedirectHandler = (handler: TRedirectHandler): void => {
  redirectHandler = handler;
};

const isPublicPath = (pathname: string): boolean =>
  PUBLIC_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`));

/** Spec section 7: a `redirect` response header sends the browser there, except on the public routes. */
export const followRedirectHeader = (response: Response): void => {
  const target = response.headers.get('redirect');
  if (target && !isPublicPath(window.location.pathname)) redirectHandler(target);
};
