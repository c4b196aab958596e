import type { AnyRouter } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import type { TSocketFeature } from '../realtime/socket-handler';
import type { TRouteDocs } from './openapi/route-docs';
import type { TJobHandler, TJobOptions, TSchedule } from './jobs';
import type { TModuleDeps, TServiceDefinition, TServices } from './services';

/** A job a module brings: defined on the app's runner, and enqueued on `schedule` when it has one. */
export type TModuleJob = { name: string; handler: TJobHandler<any>; options?: TJobOptions; schedule?: TSchedule };

/**
 * One server module, all its parts in one place (`<module>.module.ts`): its service factory and the services it is
 * built from, its tRPC routers (by their key in the app router), its REST plugins, its socket.io events and its
 * jobs. server/composition/modules.ts lists the modules; the app, the router and the services derive from it.
 */
export type TModule<
  K extends keyof TServices = keyof TServices,
  N extends keyof TServices = keyof TServices,
  L extends keyof TServices = keyof TServices,
  TRouters extends Record<string, AnyRouter> = Record<string, AnyRouter>,
> = TServiceDefinition<K, N, L> & {
  trpc?: TRouters;
  rest?: readonly ((app: FastifyInstance) => Promise<void>)[];
  /** What the published contract says of its REST routes (server/platform/openapi): one entry per route. */
  openapi?: TRouteDocs;
  sockets?: readonly TSocketFeature[];
  jobs?: (context: { deps: TModuleDeps; services: TServices }) => readonly TModuleJob[];
};

/** Keeps a module's types: its key, what it needs (typed in its factory) and its routers, for the app router. */
export const defineModule = <
  const K extends keyof TServices,
  const TRouters extends Record<string, AnyRouter> = Record<never, AnyRouter>,
  const N extends keyof TServices = never,
  const L extends keyof TServices = never,
>(
  module: TModule<K, N, L, TRouters>,
) => module;

type TUnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The app router's record: every module's routers under their keys, with their full types. */
export type TRoutersOf<TModules extends readonly TModule[]> = { [P in keyof TUnionToIntersection<NonNullable<TModules[number]['trpc']>>]: TUnionToIntersection<NonNullable<TModules[number]['trpc']>>[P] };

/** Every module's routers in one record (a key used twice is an error). */
export const routersOf = <const TModules extends readonly TModule[]>(modules: TModules): TRoutersOf<TModules> => {
  const record: Record<string, AnyRouter> = {};
  for (const module of modules) {
    for (const [key, router] of Object.entries(module.trpc ?? {})) {
      if (key in record) throw new Error(`tRPC router ${key} is defined by two modules`);
      record[key] = router;
    }
  }
  return record as TRoutersOf<TModules>;
};
