import { defineModule } from '../../platform/module';
import { ADMIN_DOCS_DOCS } from './admin-docs.openapi';
import { adminDocsRest } from './admin-docs.rest';
import { adminDocsRouter } from './admin-docs.router';
import { createAdminDocsService, type TAdminDocsService } from './admin-docs.service';

declare module '../../platform/services' {
  interface TServices {
    adminDocs: TAdminDocsService;
  }
}

/** Documents the admins publish to users, stored as files. */
export const adminDocsModule = defineModule({
  key: 'adminDocs',
  needs: ['files', 'auth'],
  service: (deps, { files, auth }) => createAdminDocsService(deps, files, auth),
  trpc: { adminDocs: adminDocsRouter },
  rest: [adminDocsRest],
  openapi: ADMIN_DOCS_DOCS,
});
