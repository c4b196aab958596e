import { adminModule } from '../modules/admin/admin.module';
import { auditModule } from '../modules/auth/audit/audit.module';
import { authModule } from '../modules/auth/auth.module';
import { chatModule } from '../modules/chat/chat.module';
import { clientsModule } from '../modules/clients/clients.module';
import { configModule } from '../modules/config/config.module';
import { contractModule } from '../modules/contract/contract.module';
import { dashboardModule } from '../modules/dashboard/dashboard.module';
import { stuckModule } from '../modules/stuck/stuck.module';
import { productsModule } from '../modules/products/products.module';
import { adminDocsModule } from '../modules/files/admin-docs.module';
import { filesModule } from '../modules/files/files.module';
import { geoModule } from '../modules/geo/geo.module';
import { giftcardsModule } from '../modules/giftcards/giftcards.module';
import { insurersModule } from '../modules/insurers/insurers.module';
import { ledgerModule } from '../modules/ledger/ledger.module';
import { newsModule } from '../modules/news/news.module';
import { notificationsModule } from '../modules/notifications/notifications.module';
import { paymentsModule } from '../modules/payments/payments.module';
import { payoutsModule } from '../modules/payouts/payouts.module';
import { practicesModule } from '../modules/practices/practices.module';
import { profileModule } from '../modules/profile/profile.module';
import { referralsModule } from '../modules/referrals/referrals.module';
import { settingsModule } from '../modules/settings/settings.module';
import { statementsModule } from '../modules/statements/statements.module';
import { syncModule } from '../modules/sync/sync.module';
import type { TServices } from '../platform/services';

/**
 * Every server module: the one list a new module is added to. The services (built in dependency order, see each
 * module's `needs`), the tRPC app router, the REST plugins, the socket.io events and the jobs all derive from it;
 * REST plugins, routers and socket events are registered in this order.
 */
export const modules = [
  authModule,
  adminModule,
  profileModule,
  syncModule,
  settingsModule,
  clientsModule,
  geoModule,
  paymentsModule,
  giftcardsModule,
  newsModule,
  notificationsModule,
  chatModule,
  configModule,
  filesModule,
  adminDocsModule,
  contractModule,
  insurersModule,
  ledgerModule,
  practicesModule,
  statementsModule,
  payoutsModule,
  referralsModule,
  dashboardModule,
  stuckModule,
  productsModule,
  auditModule,
] as const;

type TListed = (typeof modules)[number]['key'];
/** A module that adds a service to TServices but is missing from the list (or the reverse) fails here. */
const everyServiceListed: [Exclude<keyof TServices, TListed>, Exclude<TListed, keyof TServices>] extends [never, never] ? true : false = true;
void everyServiceListed;
