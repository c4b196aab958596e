import { withProductDocs } from '../../../../shared/products/practice-product';
import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import { RCA_GRACE_DAYS, addDaysIso, type TRcaDoc } from '../../../../shared/practices/rca-settings';
import type { TLedgerEntry } from '../../../../shared/schemas/ledger';
import { PRACTICE_MSG, type TPractice, type TPracticePayment, type TPracticePolicy } from '../../../../shared/schemas/practices';
import { getDisplayName } from '../../../../shared/rules/display-name';
import { UnknownSectorError, isInsuranceSector } from '../../../../shared/sectors';
import type { TDb } from '../../../db/database';
import { findUserCards } from '../../auth/users.repository';
import type { TClientsService } from '../../clients/clients.service';
import type { TLedgerService } from '../../ledger/ledger.service';
import type { TPaymentsService } from '../../payments/payments.service';
import type { TSettingsService } from '../../settings/settings.service';
import { practiceNotFound as notFound } from './access';
import * as repo from './practices.repository';
import type { TPracticeRow } from './practices.repository';
import { etagOf } from '../../../platform/etag';

/**
 * A practice as the API answers it (ZPractice): its row, the names it shows, the state's label, and its money and
 * documents (the latest payment request, the required documents of its sector or offer, the ledger entries).
 */

/** What toPractice shows beside the row: the latest payment request of each practice, the sector's required documents, the ledger entries. */
export type TMoneyExtras = { payments: Map<string, TPracticePayment>; requiredDocs: TRcaDoc[]; ledger: Map<string, TLedgerEntry[]> };
export const NO_MONEY_EXTRAS: TMoneyExtras = { payments: new Map(), requiredDocs: [], ledger: new Map() };

/** The documents of the offer a utility practice was submitted with (its snapshot), else null. */
const offerDocsOf = (data: unknown): TRcaDoc[] | null => {
  const offer = (data as { offer?: { docs?: unknown } } | null)?.offer;
  return offer && Array.isArray(offer.docs) ? (offer.docs as TRcaDoc[]) : null;
};

/**
 * The documents a practice needs: an insurance sector's settings (`rcaDocs`, `altriRamiDocs`, `fideiussioniConfig.docs`),
 * a utility practice's offer (`data.offer.docs`, from the catalogue); none otherwise.
 */
export const requiredDocsOf = async (settings: TSettingsService, definition: TAnySectorDefinition, within?: TDb, data?: unknown): Promise<TRcaDoc[]> => {
  // A product practice (issue 29) needs its product version's documents besides the sector's.
  if (isInsuranceSector(definition.sector)) return withProductDocs((await settings.getInsuranceRules(definition.sector, within)).docs, data);
  return offerDocsOf(data) ?? [];
};

export const moneyExtrasOf = async (
  { payments, settings, ledger }: { payments: TPaymentsService; settings: TSettingsService; ledger: TLedgerService },
  definition: TAnySectorDefinition,
  rows: readonly TPracticeRow[],
): Promise<TMoneyExtras> => {
  const ids = rows.map((row) => row.id);
  const [byPractice, requiredDocs, entries] = await Promise.all([payments.ofPractices(ids), requiredDocsOf(settings, definition), ledger.ofPractices(ids)]);
  return { payments: byPractice, requiredDocs, ledger: entries };
};

/** The money and renewal fields of ZPractice from the row (and the extras loaded for it). */
export const moneyFieldsOf = (row: TPracticeRow, extras: TMoneyExtras) => ({
  policy:
    row.policy_number && row.policy_effective_date && row.policy_expiry_date
      ? ({
          number: row.policy_number,
          effectiveDate: row.policy_effective_date,
          expiryDate: row.policy_expiry_date,
          graceUntil: addDaysIso(row.policy_expiry_date, RCA_GRACE_DAYS),
        } satisfies TPracticePolicy)
      : null,
  outcomeReason: row.outcome_reason,
  renewalOfId: row.renewal_of_id,
  renewedById: row.renewed_by_id,
  payment: extras.payments.get(row.id) ?? null,
  requiredDocs: offerDocsOf(row.data) ?? withProductDocs(extras.requiredDocs, row.data),
  expectedStartDate: row.expected_start_date,
  supplyStartDate: row.supply_start_date,
  supplyEndDate: row.supply_end_date,
  ledger: extras.ledger.get(row.id) ?? [],
});

/** The presenter of the engine: names, labels, extras and the API's shape of a practice. */
export const createPracticePresenter = (
  { db }: { db: TDb },
  { clients, payments, settings, ledger }: { clients: TClientsService; payments: TPaymentsService; settings: TSettingsService; ledger: TLedgerService },
) => {
  /** The Italian label of a state; a state outside the definition is a bug or bad data, never a default. */
  const labelOf = (definition: TAnySectorDefinition, state: string): string => {
    const states: Record<string, string> = definition.states;
    if (!Object.hasOwn(states, state)) throw new UnknownSectorError('state', state, definition.sector);
    return states[state]!;
  };

  /** Display names by id (`within` a transaction when the caller holds one). */
  const userNames = async (ids: readonly (string | null)[], within: TDb = db) => {
    const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    return new Map((await findUserCards(within, wanted)).map((user) => [user.id, getDisplayName(user)] as const));
  };

  /** The names a practice shows (its client, corner and broker), by id, for `toPractice`. */
  const namesOf = async (rows: readonly TPracticeRow[]) =>
    new Map([...(await userNames(rows.flatMap((row) => [row.broker_id, row.corner_id]))), ...(await clients.namesOf(rows.map((row) => row.client_id)))]);

  /** What toPractice shows beside the row (payment requests, required documents: the money part's `moneyExtrasOf`). */
  const extrasOf = (definition: TAnySectorDefinition, rows: readonly TPracticeRow[]) => moneyExtrasOf({ payments, settings, ledger }, definition, rows);

  const toPractice = (definition: TAnySectorDefinition, row: TPracticeRow, names: Map<string, string>, extras: TMoneyExtras = NO_MONEY_EXTRAS): TPractice => ({
    id: row.id,
    sector: definition.sector,
    clientId: row.client_id,
    cornerId: row.corner_id,
    brokerId: row.broker_id,
    brokerName: row.broker_id ? (names.get(row.broker_id) ?? PRACTICE_MSG.unknownUser) : null,
    clientName: names.get(row.client_id) ?? '',
    cornerName: names.get(row.corner_id) ?? PRACTICE_MSG.unknownUser,
    state: row.state,
    stateLabel: labelOf(definition, row.state),
    title: definition.title(row.data),
    data: row.data,
    dataVersion: row.data_version,
    commissionCents: row.commission_cents === null ? null : Number(row.commission_cents),
    ...moneyFieldsOf(row, extras),
    policyDocs: [...(definition.insurance?.policyDocs ?? [])],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stateChangedAt: row.state_changed_at,
  });

  const present = async (definition: TAnySectorDefinition, id: string): Promise<TPractice> => {
    const row = await repo.findPractice(db, id, { sector: definition.sector, cornerId: null });
    if (!row) throw notFound();
    return toPractice(definition, row, await namesOf([row]), await extrasOf(definition, [row]));
  };

  return { labelOf, userNames, namesOf, extrasOf, toPractice, present };
};

/**
 * A practice's ETag (issue 30): its data version and the millisecond of its last change, so a take, an assignment or
 * a transition also moves it. A PATCH sent with If-Match goes only onto that version.
 */
export const practiceEtag = (practice: { dataVersion: number; updatedAt: Date }): string => etagOf(`${practice.dataVersion}.${practice.updatedAt.getTime()}`);
