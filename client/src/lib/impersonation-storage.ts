/** Where the bearer token of a login-as lives: per tab, gone when the tab closes. */
const TOKEN_KEY = 'impersonationToken';
/** The address to return to when the admin ends the impersonation. */
const REDIRECT_KEY = 'impersonationRedirectUrl';

const read = (key: string): string | null => {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

export const getImpersonationToken = (): string | null => read(TOKEN_KEY);

export const getImpersonationRedirectUrl = (): string | null => read(REDIRECT_KEY);

export const saveImpersonation = (token: string, redirectUrl: string): void => {
  window.sessionStorage.setItem(TOKEN_KEY, token);
  window.sessionStorage.setItem(REDIRECT_KEY, redirectUrl);
};

export const clearImpersonation = (): void => {
  try {
    window.sessionStorage.removeItem(TOKEN_KEY);
    window.sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // Storage disabled: nothing was stored either.
  }
};
