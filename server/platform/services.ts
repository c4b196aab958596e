import type { TServiceDeps } from './deps';

/**
 * Every module's service by key, as REST, tRPC and socket adapters reach them (`ctx.services.<key>`). Empty here:
 * each `<module>.module.ts` adds its own key (`declare module '../../platform/services'`), so this layer imports
 * no module, and the types of the routers (which read `ctx.services`) do not depend on the list of modules that
 * holds those routers. server/composition/modules.ts checks that the list provides exactly these keys.
 */
export interface TServices {}

/**
 * Options of the app that some module factories read (a test transport, ...); modules add their own keys like
 * they add their service to TServices.
 */
export interface TModuleOptions {}

export type TModuleDeps = TServiceDeps & { options: TModuleOptions };

type TKey = keyof TServices;

/** What buildServices needs of a module: its key, the services it is built from, and its factory. */
export type TServiceDefinition<K extends TKey = TKey, N extends TKey = TKey, L extends TKey = TKey> = {
  key: K;
  /** Services built before this one and handed to its factory. */
  needs?: readonly N[];
  /**
   * Services reachable only once every service exists (a real cycle between two modules): the factory gets a
   * getter, to call at request time, never while building.
   */
  late?: readonly L[];
  service: (deps: TModuleDeps, services: Pick<TServices, N>, late: { [P in L]: () => TServices[P] }) => TServices[K];
};

/**
 * Builds every service once, each after the services it `needs` (dependency order, whatever the list's order);
 * throws on an unknown or duplicate key and on a cycle of `needs` (a real cycle is declared with `late`).
 */
export const buildServices = (definitions: readonly TServiceDefinition[], deps: TModuleDeps): TServices => {
  const byKey = new Map<string, TServiceDefinition>();
  for (const definition of definitions) {
    if (byKey.has(definition.key)) throw new Error(`module ${definition.key} is listed twice`);
    byKey.set(definition.key, definition);
  }
  const built = new Map<string, unknown>();
  const building = new Set<string>();
  const serviceOf = (key: string, from: string): unknown => {
    if (!byKey.has(key)) throw new Error(`module ${from} needs ${key}, which is not in the list of modules`);
    return built.get(key);
  };
  const build = (definition: TServiceDefinition) => {
    if (built.has(definition.key)) return;
    if (building.has(definition.key)) throw new Error(`modules depend on each other: ${[...building, definition.key].join(' -> ')}`);
    building.add(definition.key);
    const needed: Record<string, unknown> = {};
    for (const key of definition.needs ?? []) {
      const dependency = byKey.get(key);
      if (dependency) build(dependency);
      needed[key] = serviceOf(key, definition.key);
    }
    const late: Record<string, () => unknown> = {};
    for (const key of definition.late ?? []) {
      serviceOf(key, definition.key);
      late[key] = () => {
        if (!built.has(key)) throw new Error(`service ${key} used by ${definition.key} while the services are being built`);
        return built.get(key);
      };
    }
    built.set(definition.key, definition.service(deps, needed as never, late as never));
    building.delete(definition.key);
  };
  for (const definition of definitions) build(definition);
  return Object.fromEntries(definitions.map((definition) => [definition.key, built.get(definition.key)])) as unknown as TServices;
};
