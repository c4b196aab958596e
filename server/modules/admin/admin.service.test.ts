import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../testing/test-app';

let t: TTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('first administrator at start', () => {
  it('creates ADMIN_EMAIL with ADMIN_PASSWORD when no admin exists, once', async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'capo@example.it', ADMIN_PASSWORD: 'Iniziale123' });
    expect(await t.app.services.admin.ensureFirstAdmin()).toEqual({ created: true, email: 'capo@example.it', generatedPassword: undefined });
    expect(await t.app.services.admin.ensureFirstAdmin()).toMatchObject({ created: false });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'capo@example.it', password: 'Iniziale123' } });
    expect(login.json()).toMatchObject({ role: 'admin', state: 'active' });
  });

  it('generates a password when none is configured and it works once printed', async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'capo@example.it' });
    const result = await t.app.services.admin.ensureFirstAdmin();
    expect(result.generatedPassword).toMatch(/^.{12,}$/);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'capo@example.it', password: result.generatedPassword } });
    expect(login.statusCode).toBe(200);
  });
});
