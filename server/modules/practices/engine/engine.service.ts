import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import { todayInItaly } from '../../../../shared/rules/italian-day';
import { foldSearchText, practiceDefinition } from '../../../../shared/practices/registry';
import {
  PRACTICE_MSG,
  type TCreatePracticeInput,
  type TListPracticesQuery,
  type TPractice,
  type TPracticeChange,
  type TPracticeHistoryEntry,
  type TPracticeList,
} from '../../../../shared/schemas/practices';
import { getDisplayName } from '../../../../shared/rules/display-name';
import { UnknownSectorError, isBrokerType, sectorOfBrokerType, type TSectorSlug } from '../../../../shared/sectors';
import type { TDb } from '../../../db/database';
import { requireActor, requireAdmin, type TActor, type TRequestContext } from '../../../platform/context';
import type { TServiceDeps } from '../../../platform/deps';
import { AppError } from '../../../platform/errors';
import { requireIfMatch } from '../../../platform/etag';
import { applyMergePatch } from '../../../platform/merge-patch';
import { parseInput } from '../../../platform/validate';
import { findTierOf, findUserCards } from '../../auth/users.repository';
import { insertAuditEntry } from '../../auth/auth.repository';
import { STUCK_MSG, ZAssignPracticeRequest } from '../../../../shared/schemas/stuck';
import { isSectorInTier, tierRefusal, type TTier } from '../../../../shared/tiers';
import type { TClientsService } from '../../clients/clients.service';
import type { TContractService } from '../../contract/contract.service';
import type { TPaymentsService } from '../../payments/payments.service';
import type { TSettingsService } from '../../settings/settings.service';
import type { TLedgerService } from '../../ledger/ledger.service';
import { createPracticePresenter, practiceEtag } from './presenter';
import { asStored, diffData } from './data';
import { practiceNotFound as notFound, scopeOf } from './access';
import { publishPracticeChanged } from './events';
import * as repo from './practices.repository';
import type { TCommittedListener, TDataCheck, TEffectWork, TPracticeCommitted, TRequirementCheck } from './types';

export type TPracticesEngine = ReturnType<typeof createPracticesService>;
export { diffData } from './data';

/** Today in Italy as an ISO date (the day a request is filed). */
export { todayInItaly };

const conflict = (userMessage: string) => new AppError('CONFLICT', { userMessage });

/**
 * The practice engine (issue 15, design "Practices"): one service for every sector, generic over the sector's
 * definition (shared/practices/registry.ts). Access is checked on every record: a corner reaches its own
 * practices, a broker those of the sector its broker type works, an admin all; anything else answers like a
 * missing practice. Every change appends to the history in the change's transaction, then is published on the bus.
 */
export const createPracticesService = (
  { db, bus, logger }: TServiceDeps,
  {
    clients,
    contract,
    payments,
    settings,
    ledger,
  }: { clients: TClientsService; contract: TContractService; payments: TPaymentsService; settings: TSettingsService; ledger: TLedgerService },
) => {
  // A client's practices are intermediary records (IVASS Reg. 40/2018 art. 67): its data is kept for the retention
  // period after the last change of any of them, so a GDPR erasure before then is refused with the date.
  clients.gdpr.registerRetentionHold('practices', async (clientId) => {
    const since = await repo.lastPracticeChange(db, clientId);
    return since ? { since, kind: 'practice' } : null;
  });

  /** Every sector has its definition (the registry is typed complete); an invalid slug never gets here (ZSectorSlug). */
  const definitionOf = (sector: TSectorSlug): TAnySectorDefinition => practiceDefinition(sector);

  const { labelOf, userNames, namesOf, extrasOf, toPractice, present } = createPracticePresenter({ db }, { clients, payments, settings, ledger });

  /** The practice if the caller reaches it, else NOT_FOUND (missing, another corner's, another sector's broker). */
  const reach = async (actor: TActor, definition: TAnySectorDefinition, id: string): Promise<repo.TPracticeRow> => {
    const scope = await scopeOf(db, actor, definition.sector);
    const row = scope ? await repo.findPractice(db, id, scope) : undefined;
    if (!row) throw notFound();
    labelOf(definition, row.state);
    return row;
  };

  const listeners: TCommittedListener[] = [];

  /**
   * After a commit: live lists and pages hear of the change on the bus, then the registered listeners (notifications)
   * run. A lost event only delays them, so a failure is logged, never thrown at the caller whose change is committed.
   */
  const committed = (event: TPracticeCommitted) => {
    const { definition, practice, kind } = event;
    void publishPracticeChanged(bus, { sector: definition.sector, id: practice.id, cornerId: practice.corner_id, kind, state: practice.state }).catch((error: unknown) =>
      logger.warn({ err: error }, 'evento pratiche non pubblicato'),
    );
    for (const listener of listeners) {
      void Promise.resolve()
        .then(() => listener(event))
        .catch((error: unknown) => logger.warn({ err: error, kind }, 'ascoltatore pratiche non riuscito'));
    }
  };
  /** The row as committed (after the change), for `committed`. */
  const reread = async (sector: TSectorSlug, id: string) => {
    const row = await repo.findPractice(db, id, { sector, cornerId: null });
    if (!row) throw notFound();
    return row;
  };

  /** The sector's data, checked by its schema (VALIDATION with per-field messages), as it will be stored. */
  const checkData = (definition: TAnySectorDefinition, data: unknown) => asStored(parseInput(definition.data, data));
  const searchTextOf = (definition: TAnySectorDefinition, data: unknown) => foldSearchText(definition.searchText(data));

  /** Refuses data whose identifying fields (definition.uniqueWhileOpen) an open practice of the sector already holds. */
  const checkUniqueWhileOpen = async (definition: TAnySectorDefinition, actor: TActor, cornerId: string, data: unknown, exceptId: string | null) => {
    for (const { path, label } of definition.uniqueWhileOpen ?? []) {
      const value = path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), data);
      if (typeof value !== 'string' || value === '') continue;
      const other = await repo.findOpenWithValue(db, definition.sector, definition.final, path, value, exceptId);
      if (!other) continue;
      const sameBook = actor.role === 'admin' || other.corner_id === cornerId;
      const message = sameBook ? PRACTICE_MSG.openDuplicate(label, value, definition.title(other.data), labelOf(definition, other.state)) : PRACTICE_MSG.openDuplicateElsewhere(label, value);
      throw new AppError('CONFLICT', { userMessage: message, fields: { [path.join('.')]: [message] } });
    }
  };

  /** The `takenByActor` requirement: the broker who took the practice (read from its locked row), or an admin. */
  const requireTakenByActor: TRequirementCheck = async ({ actor, practice, trx }) => {
    if (actor.role === 'admin' || practice.broker_id === actor.userId) return;
    if (!practice.broker_id) throw new AppError('FORBIDDEN', { userMessage: PRACTICE_MSG.takeFirst });
    const name = (await userNames([practice.broker_id], trx)).get(practice.broker_id) ?? PRACTICE_MSG.unknownUser;
    throw new AppError('FORBIDDEN', { userMessage: PRACTICE_MSG.takenBy(name) });
  };
  const dataChecks: TDataCheck[] = [];
  /** The data as the schema and the registered checks leave it, ready to store. */
  const checkedData = async (ctx: TRequestContext, actor: TActor, definition: TAnySectorDefinition, input: unknown, current: repo.TPracticeRow | null) => {
    let data = checkData(definition, input);
    for (const check of dataChecks) data = asStored(await check({ ctx, actor, definition, data, current }));
    return data;
  };
  const expectedStartOf = (definition: TAnySectorDefinition, data: unknown, submittedOn: Date) => definition.expectedStart?.(data, todayInItaly(submittedOn)) ?? null;

  return {
    /** Adds a check of the data on create and change (after its schema); it may complete the data. */
    registerDataCheck: (check: TDataCheck) => {
      dataChecks.push(check);
    },

    /** Adds a listener told of every committed change (after the commit; its failures are logged). */
    onCommitted: (listener: TCommittedListener) => {
      listeners.push(listener);
    },

    /**
     * For the engine's own parts (quotations, pre-contract pack, renewals, conversation) built beside this service in
     * server/modules/practices/: the same access rule, history and after-commit path, never a second copy.
     */
    internal: {
      definitionOf,
      /** The Italian label of a state of the definition (a state outside it throws). */
      labelOf,
      /** The engine's own requirement (`takenByActor`). */
      requireTakenByActor,
      /** The `recordReason` effect: the payload's reason as the practice's outcome reason (refused, sent back, rejected). */
      recordReason: (async ({ trx, practice, payload }) => {
        if (typeof payload.reason !== 'string') throw new Error('recordReason on a transition whose payload has no reason');
        await repo.setOutcomeReason(trx, practice.id, payload.reason);
      }) satisfies TEffectWork,
      /** The practice if the actor reaches it, else NOT_FOUND (the one access rule). */
      reach,
      /** The practice as the API answers it. */
      present,
      /** Appends one history entry, inside the caller's transaction. */
      appendEvent: repo.appendEvent,
      /** Call after the commit of a change made by a part: bus, then listeners. */
      committed,
      reread,
      userNames,
    },

    /** The practices of a sector the caller reaches, filtered, sorted and paged; a broker of another sector gets none. */
    list: async (ctx: TRequestContext, sector: TSectorSlug, query: TListPracticesQuery): Promise<TPracticeList> => {
      const actor = requireActor(ctx);
      const definition = definitionOf(sector);
      if (query.state && !Object.hasOwn(definition.states, query.state)) {
        throw new AppError('VALIDATION', { userMessage: PRACTICE_MSG.stateUnknown, fields: { state: [PRACTICE_MSG.stateUnknown] } });
      }
      const scope = await scopeOf(db, actor, sector);
      if (!scope) return { list: [], total: 0 };
      const { rows, total } = await repo.listPractices(db, scope, query, definition.final);
      const [names, extras] = await Promise.all([namesOf(rows), extrasOf(definition, rows)]);
      return { list: rows.map((row) => toPractice(definition, row, names, extras)), total };
    },

    get: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<TPractice> => {
      const definition = definitionOf(sector);
      const row = await reach(requireActor(ctx), definition, id);
      return toPractice(definition, row, await namesOf([row]), await extrasOf(definition, [row]));
    },

    /**
     * A new practice of one of the caller's clients (an admin: of any client, for that client's corner), in the
     * sector's initial state. Another corner's client answers like a missing one; a broker may not create.
     */
    create: async (ctx: TRequestContext, input: Omit<TCreatePracticeInput, 'sector'> & { sector: TSectorSlug }): Promise<TPractice> => {
      const actor = requireActor(ctx);
      const definition = definitionOf(input.sector);
      if (actor.role === 'broker') throw new AppError('FORBIDDEN', { userMessage: PRACTICE_MSG.brokerCannotCreate });
      const client = await clients.get(ctx, input.clientId);
      // The corner's tier decides which sectors it may open (spec section 1), read now: a raised tier counts at once.
      const corner = await findTierOf(db, client.cornerId);
      const tier = corner?.role === 'corner' ? (corner.tier as TTier | null) : null;
      if (!isSectorInTier(tier, definition.sector)) throw new AppError('FORBIDDEN', { userMessage: tierRefusal(tier, definition.sector) });
      const data = await checkedData(ctx, actor, definition, input.data, null);
      labelOf(definition, definition.initial);
      if (definition.createRequires?.includes('signedContract')) await contract.requireSignedContract(ctx);
      await checkUniqueWhileOpen(definition, actor, client.cornerId, data, null);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insertPractice(trx, {
          sector: definition.sector,
          clientId: client.id,
          cornerId: client.cornerId,
          state: definition.initial,
          data,
          searchText: searchTextOf(definition, data),
          expectedStartDate: expectedStartOf(definition, data, new Date()),
        });
        await repo.appendEvent(trx, { practiceId: inserted.id, actorId: actor.userId, impersonatorId: actor.impersonatorId, kind: 'created', toState: definition.initial });
        return inserted;
      });
      committed({ kind: 'created', actor, definition, practice: row });
      return toPractice(definition, row, await namesOf([row]), await extrasOf(definition, [row]));
    },

    /** New data, while the state allows it (definition.editableIn), by the practice's corner or an admin. */
    update: async (ctx: TRequestContext, sector: TSectorSlug, id: string, input: unknown, options: { ifMatch?: string } = {}): Promise<TPractice> => {
      const actor = requireActor(ctx);
      const definition = definitionOf(sector);
      const current = await reach(actor, definition, id);
      if (actor.role === 'broker') throw new AppError('FORBIDDEN', { userMessage: PRACTICE_MSG.onlyCornerEdits });
      requireIfMatch(options.ifMatch, practiceEtag({ dataVersion: current.data_version, updatedAt: current.updated_at }));
      if (definition.final.includes(current.state) || !definition.editableIn.includes(current.state)) {
        throw conflict(PRACTICE_MSG.notEditable(labelOf(definition, current.state)));
      }
      // A merge patch (RFC 7396) of the current data: only what is sent changes; a full data object replaces it all.
      const data = await checkedData(ctx, actor, definition, applyMergePatch(current.data, input), current);
      const changes = diffData(current.data, data);
      if (changes.length === 0) return present(definition, current.id);
      await checkUniqueWhileOpen(definition, actor, current.corner_id, data, current.id);
      await db.transaction().execute(async (trx) => {
        const updated = await repo.updatePracticeData(
          trx,
          current.id,
          // With If-Match, also no other change of the record since (a take, a transition: its ETag moved).
          { version: current.data_version, state: current.state, ...(options.ifMatch === undefined ? {} : { updatedAt: current.updated_at }) },
          data,
          searchTextOf(definition, data),
          expectedStartOf(definition, data, current.created_at),
        );
        if (!updated) throw options.ifMatch === undefined ? conflict(PRACTICE_MSG.changedMeanwhile) : new AppError('PRECONDITION_FAILED');
        await repo.appendEvent(trx, { practiceId: current.id, actorId: actor.userId, impersonatorId: actor.impersonatorId, kind: 'data_changed', changes });
      });
      committed({ kind: 'data_changed', actor, definition, practice: await reread(definition.sector, current.id), payload: { changes } });
      return present(definition, current.id);
    },

    /** A broker of the sector takes the practice ("prendi in carico"); one already taken answers who has it. */
    take: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<TPractice> => {
      const actor = requireActor(ctx);
      const definition = definitionOf(sector);
      const practice = await reach(actor, definition, id);
      if (actor.role !== 'broker') throw new AppError('FORBIDDEN', { userMessage: PRACTICE_MSG.onlyBrokerTakes });
      if (practice.broker_id === actor.userId) return present(definition, practice.id);
      if (definition.final.includes(practice.state)) throw conflict(PRACTICE_MSG.finalState(labelOf(definition, practice.state)));
      const alreadyTaken = async (brokerId: string) =>
        conflict(PRACTICE_MSG.alreadyTaken((await userNames([brokerId])).get(brokerId) ?? PRACTICE_MSG.unknownUser));
      if (practice.broker_id) throw await alreadyTaken(practice.broker_id);
      const taken = await db.transaction().execute(async (trx) => {
        if (!(await repo.takePractice(trx, practice.id, actor.userId))) return false;
        await repo.appendEvent(trx, { practiceId: practice.id, actorId: actor.userId, impersonatorId: actor.impersonatorId, kind: 'taken' });
        return true;
      });
      if (!taken) {
        const now = await repo.findPractice(db, practice.id, { sector, cornerId: null });
        if (now?.broker_id && now.broker_id !== actor.userId) throw await alreadyTaken(now.broker_id);
      } else {
        committed({ kind: 'taken', actor, definition, practice: await reread(definition.sector, practice.id) });
      }
      return present(definition, practice.id);
    },

    /**
     * An admin hands a practice to another broker of its sector (issue 28, the stuck-work board): checked on the
     * locked row (not final, not already that broker's), the broker active and of the sector; the change, its history
     * entry (`assigned`, from and to) and the audit row in one transaction; both brokers told after the commit.
     */
    assign: async (ctx: TRequestContext, sector: TSectorSlug, id: string, input: unknown): Promise<TPractice> => {
      const actor = requireAdmin(ctx);
      const { brokerId } = parseInput(ZAssignPracticeRequest, input);
      const definition = definitionOf(sector);
      const practice = await reach(actor, definition, id);
      const [broker] = await findUserCards(db, [brokerId]);
      if (!broker || broker.role !== 'broker' || broker.state !== 'active' || !isBrokerType(broker.broker_type) || sectorOfBrokerType(broker.broker_type).slug !== sector) {
        throw new AppError('VALIDATION', { userMessage: STUCK_MSG.brokerInvalid, fields: { brokerId: [STUCK_MSG.brokerInvalid] } });
      }
      const fromBrokerId = await db.transaction().execute(async (trx) => {
        const locked = await repo.lockPractice(trx, practice.id);
        if (!locked) throw notFound();
        if (definition.final.includes(locked.state)) throw conflict(PRACTICE_MSG.finalState(labelOf(definition, locked.state)));
        if (locked.broker_id === brokerId) throw conflict(STUCK_MSG.sameBroker);
        const names = await userNames([brokerId, ...(locked.broker_id ? [locked.broker_id] : [])], trx);
        await repo.assignPractice(trx, locked.id, brokerId);
        await repo.appendEvent(trx, {
          practiceId: locked.id,
          actorId: actor.userId,
          impersonatorId: actor.impersonatorId,
          kind: 'assigned',
          payload: { fromBrokerId: locked.broker_id, toBrokerId: brokerId, fromBroker: names.get(locked.broker_id ?? '') ?? STUCK_MSG.nobody, toBroker: names.get(brokerId) ?? getDisplayName(broker) },
        });
        await insertAuditEntry(trx, {
          adminId: actor.impersonatorId ?? actor.userId,
          userId: brokerId,
          action: 'practice_assigned',
          method: 'POST',
          path: `/api/admin/practices/${sector}/${locked.id}/assign`,
          ip: ctx.ip,
          details: { sector, practiceId: locked.id, fromBrokerId: locked.broker_id, toBrokerId: brokerId },
        });
        return locked.broker_id;
      });
      committed({ kind: 'assigned', actor, definition, practice: await reread(definition.sector, practice.id), payload: { fromBrokerId, toBrokerId: brokerId } });
      return present(definition, practice.id);
    },

    /** The practice's history, oldest first, with the names of who acted (and of the admin behind an impersonation). */
    history: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<TPracticeHistoryEntry[]> => {
      const definition = definitionOf(sector);
      const practice = await reach(requireActor(ctx), definition, id);
      const rows = await repo.listEvents(db, practice.id);
      const names = await userNames(rows.flatMap((row) => [row.actor_id, row.impersonator_id]));
      return rows.map((row) => ({
        id: String(row.id),
        at: row.at,
        kind: row.kind,
        actorId: row.actor_id,
        actorName: names.get(row.actor_id) ?? PRACTICE_MSG.unknownUser,
        impersonatorId: row.impersonator_id,
        impersonatorName: row.impersonator_id ? (names.get(row.impersonator_id) ?? PRACTICE_MSG.unknownUser) : null,
        fromState: row.from_state,
        toState: row.to_state,
        changes: (row.changes ?? []) as TPracticeChange[],
        payload: (row.payload ?? {}) as Record<string, unknown>,
      }));
    },
  };
};
