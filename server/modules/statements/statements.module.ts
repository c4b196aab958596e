import { defineModule } from '../../platform/module';
import { STATEMENTS_DOCS } from './statements.openapi';
import { statementsRest } from './statements.rest';
import { statementsRouter } from './statements.router';
import { createStatementsService, type TStatementsService } from './statements.service';

declare module '../../platform/services' {
  interface TServices {
    statements: TStatementsService;
  }
}

/** The corners' monthly commission statements: made from the ledger, stored among their documents, e-mailed. */
export const statementsModule = defineModule({
  key: 'statements',
  needs: ['files'],
  service: (deps, { files }) => createStatementsService(deps, { files }),
  trpc: { statements: statementsRouter },
  rest: [statementsRest],
  openapi: STATEMENTS_DOCS,
  jobs: ({ services }) => services.statements.jobs(),
});
