import { describe, expect, it } from 'vitest';
import { buildServices, type TModuleDeps, type TServiceDefinition } from './services';

// Generic behaviour on made-up modules (keys outside TServices, hence the casts).
const define = (key: string, parts: { needs?: string[]; late?: string[]; service: TServiceDefinition['service'] }) => ({ key, ...parts }) as unknown as TServiceDefinition;
const deps = {} as TModuleDeps;

describe('buildServices', () => {
  it('builds each service once, after what it needs, whatever the order of the list', () => {
    const order: string[] = [];
    const services = buildServices(
      [
        define('sync', { needs: ['profile', 'settings'], service: (_deps, needed) => (order.push('sync'), { from: Object.keys(needed) }) as never }),
        define('profile', { needs: ['settings'], service: () => (order.push('profile'), {}) as never }),
        define('settings', { service: () => (order.push('settings'), {}) as never }),
      ],
      deps,
    ) as unknown as Record<string, unknown>;
    expect(order).toEqual(['settings', 'profile', 'sync']);
    expect(services.sync).toEqual({ from: ['profile', 'settings'] });
    expect(Object.keys(services)).toEqual(['sync', 'profile', 'settings']);
  });

  it('refuses a cycle of needs, an unknown need and a key listed twice', () => {
    expect(() => buildServices([define('a', { needs: ['b'], service: () => ({}) as never }), define('b', { needs: ['a'], service: () => ({}) as never })], deps)).toThrow(
      'modules depend on each other: a -> b -> a',
    );
    expect(() => buildServices([define('a', { needs: ['nope'], service: () => ({}) as never })], deps)).toThrow('module a needs nope, which is not in the list of modules');
    expect(() => buildServices([define('a', { service: () => ({}) as never }), define('a', { service: () => ({}) as never })], deps)).toThrow('module a is listed twice');
  });

  it('gives a late dependency as a getter that works once every service exists, never while building', () => {
    let early: unknown;
    const services = buildServices(
      [
        define('profile', {
          late: ['contract'],
          service: (_deps, _needed, late) => {
            const contract = (late as unknown as Record<string, () => { summary: string }>).contract!;
            try {
              contract();
            } catch (error) {
              early = error;
            }
            return { summary: () => contract().summary } as never;
          },
        }),
        define('contract', { needs: ['profile'], service: () => ({ summary: 'firmato' }) as never }),
      ],
      deps,
    ) as unknown as { profile: { summary: () => string } };
    expect(String(early)).toContain('service contract used by profile while the services are being built');
    expect(services.profile.summary()).toBe('firmato');
  });
});
