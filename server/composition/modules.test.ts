import type { inferRouterOutputs } from '@trpc/server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { TPublicConfig } from '../../shared/schemas/config';
import { useTestApp } from '../testing/test-app';
import { type AppRouter, appRouter } from '../trpc/app-router';
import { modules } from './modules';

const t = useTestApp({}, { jobs: { pollMs: 60_000, schedules: false } });

describe('the app assembled from the list of modules', () => {
  it('mounts every module router under its key, with its types for the client', () => {
    const keys = modules.flatMap((module) => Object.keys(module.trpc ?? {}));
    expect(Object.keys(appRouter._def.record).sort()).toEqual([...keys].sort());
    expect(keys).toContain('notification');
    for (const module of modules) {
      for (const [key, router] of Object.entries(module.trpc ?? {})) {
        const procedures = router._def.procedures as Record<string, unknown>;
        expect(Object.keys(procedures).length).toBeGreaterThan(0);
        for (const [name, procedure] of Object.entries(procedures)) expect((appRouter._def.procedures as Record<string, unknown>)[`${key}.${name}`]).toBe(procedure);
      }
    }
    expectTypeOf<inferRouterOutputs<AppRouter>['config']['get']>().toEqualTypeOf<TPublicConfig>();
    expectTypeOf<AppRouter['_def']['record']>().toHaveProperty('notification');
    expectTypeOf<AppRouter['_def']['record']>().toHaveProperty('adminDocs');
    expectTypeOf<AppRouter['_def']['record']>().not.toHaveProperty('notifications');
  });

  it('builds one service per module, each with the services it needs', async () => {
    expect(Object.keys(t.app.services).sort()).toEqual(modules.map((module) => module.key).sort());
    // profile reads the contract late (the one cycle); the answer proves the binding works once built.
    await t.createUser({ email: 'corner@example.it', password: 'Segreta123' });
    const cookie = await t.login('corner@example.it', 'Segreta123');
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().user.contract).toBeDefined();
  });

  it('registers every REST plugin and socket feature of the modules', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/public-config' })).statusCode).toBe(200);
    expect(modules.flatMap((module) => module.sockets ?? [])).toHaveLength(2);
    expect(modules.flatMap((module) => module.rest ?? []).length).toBeGreaterThanOrEqual(modules.length);
  });
});
