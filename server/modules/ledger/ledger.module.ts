import { defineModule } from '../../platform/module';
import { LEDGER_DOCS } from './ledger.openapi';
import { ledgerRest } from './ledger.rest';
import { ledgerRouter } from './ledger.router';
import { createLedgerService, type TLedgerService } from './ledger.service';

declare module '../../platform/services' {
  interface TServices {
    ledger: TLedgerService;
  }
}

/** The corners' ledger of commissions and clawbacks (design "Money"). */
export const ledgerModule = defineModule({
  key: 'ledger',
  needs: ['settings'],
  service: (deps, { settings }) => createLedgerService(deps, { settings }),
  trpc: { ledger: ledgerRouter },
  rest: [ledgerRest],
  openapi: LEDGER_DOCS,
});
