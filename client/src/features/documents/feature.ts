import { defineFeature } from '../../lib/features';
import { PATHS } from '../../lib/paths';

/** The documents page of the profile menu: not for brokers. */
export const documentsFeature = defineFeature({
  name: 'documents',
  routes: [{ path: PATHS.documents, access: 'account', load: () => import('./pages/documents-page') }],
});
