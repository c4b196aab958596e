import type { Migration } from 'kysely';
import * as accounts from './2026-11-21T1000_accounts';
import * as coreData from './2026-11-21T1100_core-data';
import * as notifications from './2026-11-21T1200_notifications';
import * as notificationPreferencesEmail from './2026-11-21T1300_notification-preferences-email';
import * as webPush from './2026-11-22T1300_web-push';
import * as chat from './2026-11-22T1500_chat';
import * as files from './2026-11-22T1400_files';
import * as contract from './2026-11-22T1600_contract';
import * as chatRoomActivity from './2026-11-23T1000_chat-room-activity';
import * as impersonatorSession from './2026-11-23T1100_impersonator-session';
import * as pendingBlobs from './2026-11-23T1200_pending-blobs';
import * as rateLimits from './2026-11-23T1300_rate-limits';
import * as chatRoomsOwner from './2026-11-23T1400_chat-rooms-owner';
import * as jobs from './2026-11-23T1500_jobs';
import * as geo from './2026-11-23T1600_geo';
import * as clientRecords from './2026-11-23T1700_client-records';
import * as auditDetails from './2026-11-23T1750_audit-details';
import * as fileSubjects from './2026-11-23T1810_file-subjects';
import * as clientErasure from './2026-11-23T1811_client-erasure';
import * as clientsSearch from './2026-11-23T1820_clients-search';
import * as practices from './2026-11-23T1900_practices';
import * as practiceQuotations from './2026-11-23T2000_practice-quotations';
import * as practiceMoney from './2026-11-23T2010_practice-money';
import * as precontract from './2026-11-23T2020_precontract';
import * as practiceThread from './2026-11-23T2030_practice-thread';
import * as practiceIndexes from './2026-11-23T2040_practice-indexes';
import * as quotationInsuredSum from './2026-11-23T2050_quotation-insured-sum';
import * as utilityMoney from './2026-11-24T0100_utility-money';
import * as brokerTypeInCode from './2026-11-26T1000_broker-type-in-code';
import * as appendOnlyHistory from './2026-11-26T1100_append-only-history';
import * as moneyBigint from './2026-11-26T1200_money-bigint';
import * as precontractByDefault from './2026-11-27T0100_precontract-by-default';
import * as clientsFirstNameSort from './2026-11-27T0200_clients-first-name-sort';
import * as paymentStates from './2026-11-27T0300_payment-states';
import * as policyCommissionsLedger from './2026-11-27T0400_policy-commissions-ledger';
import * as ledgerPayouts from './2026-11-27T0500_ledger-payouts';
import * as giftcardCatalogue from './2026-11-27T0600_giftcard-catalogue';
import * as statementsReminders from './2026-11-27T0700_statements-reminders';
import * as auditSearch from './2026-11-27T1100_audit-search';
import * as settingsHistory from './2026-11-27T1200_settings-history';
import * as cornerTiers from './2026-11-27T1300_corner-tiers';
import * as newsSchedule from './2026-11-27T1000_news-schedule';
import * as products from './2026-11-27T1600_products';
import * as legacyProducts from './2026-11-27T1800_legacy-products';
import * as dashboardRollups from './2026-11-27T1400_dashboard-rollups';

/** Every migration by name; names sort in the order they run. Listed here so bundling keeps them. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T1000_accounts': accounts,
  '2026-11-21T1100_core-data': coreData,
  '2026-11-21T1200_notifications': notifications,
  '2026-11-21T1300_notification-preferences-email': notificationPreferencesEmail,
  '2026-11-22T1300_web-push': webPush,
  '2026-11-22T1400_files': files,
  '2026-11-22T1500_chat': chat,
  '2026-11-22T1600_contract': contract,
  '2026-11-23T1000_chat-room-activity': chatRoomActivity,
  '2026-11-23T1100_impersonator-session': impersonatorSession,
  '2026-11-23T1200_pending-blobs': pendingBlobs,
  '2026-11-23T1300_rate-limits': rateLimits,
  '2026-11-23T1400_chat-rooms-owner': chatRoomsOwner,
  '2026-11-23T1500_jobs': jobs,
  '2026-11-23T1600_geo': geo,
  '2026-11-23T1700_client-records': clientRecords,
  '2026-11-23T1750_audit-details': auditDetails,
  '2026-11-23T1810_file-subjects': fileSubjects,
  '2026-11-23T1811_client-erasure': clientErasure,
  '2026-11-23T1820_clients-search': clientsSearch,
  '2026-11-23T1900_practices': practices,
  '2026-11-23T2000_practice-quotations': practiceQuotations,
  '2026-11-23T2010_practice-money': practiceMoney,
  '2026-11-23T2020_precontract': precontract,
  '2026-11-23T2030_practice-thread': practiceThread,
  '2026-11-23T2040_practice-indexes': practiceIndexes,
  '2026-11-23T2050_quotation-insured-sum': quotationInsuredSum,
  '2026-11-24T0100_utility-money': utilityMoney,
  '2026-11-26T1000_broker-type-in-code': brokerTypeInCode,
  '2026-11-26T1100_append-only-history': appendOnlyHistory,
  '2026-11-26T1200_money-bigint': moneyBigint,
  '2026-11-27T0100_precontract-by-default': precontractByDefault,
  '2026-11-27T0200_clients-first-name-sort': clientsFirstNameSort,
  '2026-11-27T0300_payment-states': paymentStates,
  '2026-11-27T0400_policy-commissions-ledger': policyCommissionsLedger,
  '2026-11-27T0500_ledger-payouts': ledgerPayouts,
  '2026-11-27T0600_giftcard-catalogue': giftcardCatalogue,
  '2026-11-27T0700_statements-reminders': statementsReminders,
  '2026-11-27T1100_audit-search': auditSearch,
  '2026-11-27T1200_settings-history': settingsHistory,
  '2026-11-27T1300_corner-tiers': cornerTiers,
  '2026-11-27T1000_news-schedule': newsSchedule,
  '2026-11-27T1400_dashboard-rollups': dashboardRollups,
  '2026-11-27T1600_products': products,
  '2026-11-27T1800_legacy-products': legacyProducts,
};
