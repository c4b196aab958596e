import { defineModule } from '../../platform/module';
import { CONTRACT_DOCS } from './contract.openapi';
import { contractRest } from './contract.rest';
import { contractRouter } from './contract.router';
import { createContractService, type TContractService } from './contract.service';

declare module '../../platform/services' {
  interface TServices {
    contract: TContractService;
  }
}

/** The corner's contract: documents from files and admin documents, data from the profile and the settings. */
export const contractModule = defineModule({
  key: 'contract',
  needs: ['files', 'adminDocs', 'profile', 'settings'],
  service: (deps, services) => createContractService(deps, services),
  trpc: { contract: contractRouter },
  rest: [contractRest],
  openapi: CONTRACT_DOCS,
});
