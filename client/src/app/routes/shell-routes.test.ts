import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ONLY_MESSAGE, ADMIN_ONLY_MESSAGE } from './require-role';
import { shellRoutes } from './shell-routes';

/** Each path with the message of the guard it sits under ('' for none). */
const pathsByGuard = (routes: readonly RouteObject[], guard = ''): [string, string][] =>
  routes.flatMap((route) => {
    const message = (route.element as ReactElement<{ message?: string }> | undefined)?.props.message;
    const own: [string, string][] = route.path ? [[route.path, guard]] : [];
    return [...own, ...pathsByGuard(route.children ?? [], message ?? guard)];
  });

describe('the shell routes assembled from the features', () => {
  it('keeps every page of spec section 2 under the same role rule', () => {
    const found = new Map(pathsByGuard(shellRoutes));
    const admin = ['dashboard', 'gestione-utenti', 'clienti', 'gestione-compagnie', 'gestione-agenzie', 'impostazioni', 'notizie', 'pagamenti', 'gift-card/categorie', 'gift-card/nazionali', 'gift-card/comunali', 'documenti', 'altri-rami', 'fideiussioni', 'provincie-citta', 'audit'];
    const expected = new Map<string, string>([
      ...admin.map((path): [string, string] => [`admin/${path}`, ADMIN_ONLY_MESSAGE]),
      ...['clienti', 'clienti/:id', ...['rca', 'altri-rami', 'fideiussioni', 'luce-e-gas', 'gpl'].flatMap((slug) => [slug, `${slug}/nuova`, `${slug}/:id`]), 'notifiche'].map((path): [string, string] => [path, '']),
      ...['profilo', 'pagamenti', 'documenti', 'profilo/la-mia-giftcard'].map((path): [string, string] => [path, ACCOUNT_ONLY_MESSAGE]),
      ['*', ''],
    ]);
    expect(Object.fromEntries(found)).toEqual(Object.fromEntries(expected));
    expect(shellRoutes[0]).toMatchObject({ index: true });
  });
});
