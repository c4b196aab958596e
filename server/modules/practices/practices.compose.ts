import type { TModuleDeps, TServices } from '../../platform/services';
import { createPracticesService } from './practices.service';

/** The services the engine and its parts are built from (practices.module.ts `needs`). */
export type TPracticesNeeds = Pick<TServices, 'clients' | 'contract' | 'files' | 'settings' | 'payments' | 'notifications' | 'chat' | 'auth'>;

/**
 * The practice engine and its parts (issue 15), each built in its own file beside the engine on the engine's
 * `internal` API (one access rule, one history, one after-commit path): one line per part.
 */
export const composePractices = (deps: TModuleDeps, needs: TPracticesNeeds) => {
  const engine = createPracticesService(deps, needs);
  return Object.assign(engine, {
    // parts: one line each, `name: createXService(deps, engine, needs),`
  });
};

export type TPracticesService = ReturnType<typeof composePractices>;
