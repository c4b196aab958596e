import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { loadDemoAudit } from './demo-audit';
import { DEMO_PASSWORD, loadDemoData } from './demo-data';

const t = useTestApp();

describe('demo audit log', () => {
  it('leaves an impersonation session of the demo admin as the demo corner, with its calls', async () => {
    await loadDemoData(t.database.db);
    expect(await loadDemoAudit(t.app)).toEqual({ calls: 3 });
    const cookie = await t.login('admin@demo.it', DEMO_PASSWORD);
    const page = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } })).json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ kind: 'impersonation', admin: { email: 'admin@demo.it' }, user: { email: 'corner.persona@demo.it' } });
    expect(page.items[0].entries.map((entry: { action: string; path: string | null }) => `${entry.action} ${entry.path ?? ''}`.trim())).toEqual([
      'request /api/sync-login',
      'request /api/clients',
      'request /api/auth/me',
      'login-as',
    ]);
  });
});
