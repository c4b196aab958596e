import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import { RCA_GRACE_DAYS, addDaysIso } from '../../../../shared/practices/rca-settings';
import type { TRcaData } from '../../../../shared/practices/rca';
import { foldSearchText } from '../../../../shared/practices/registry';
import { isNotificationKind } from '../../../../shared/rules/notification-preferences';
import type { TRunRenewalsResult } from '../../../../shared/schemas/practice-renewals';
import { SECTORS } from '../../../../shared/sectors';
import type { TActor, TRequestContext } from '../../../platform/context';
import { requireAdmin } from '../../../platform/context';
import type { TModuleJob } from '../../../platform/module';
import type { TModuleDeps } from '../../../platform/services';
import type { TPracticesNeeds } from '../engine/types';
import type { TChosenQuotationReader } from '../money/money.service';
import * as moneyRepo from '../money/money.repository';
import type { TPracticeRow } from '../engine/practices.repository';
import type { TPracticesEngine } from '../engine/engine.service';

/**
 * Renewal of issued policies (issue 15 "Renewal"): RC Auto policies do not renew tacitly (the insurer warns 30
 * days before expiry; cover runs on for 15 days after it). A daily job, on the platform's job runner, reminds the
 * corner once within `rcaRange` days before expiry and, when `rcaReproposal` is enabled, within its days opens ONE
 * new practice linked to the issued one and pre-filled from it. Several instances may run it at once: the reminder
 * is marked with a conditional update and the new practice is kept single by the unique index on `renewal_of_id`.
 */

export const RENEWALS_JOB = 'practices.renewals';

export const RENEWAL_MSG = {
  reminderTitle: 'RC Auto: polizza in scadenza',
  reminderText: (title: string, expiry: string, graceUntil: string) =>
    `La polizza della pratica «${title}» scade il ${italianDate(expiry)} (copertura fino al ${italianDate(graceUntil)}): la polizza RC Auto non si rinnova da sola.`,
  reproposalText: 'È stata aperta una nuova pratica di rinnovo, già compilata: aggiungi i preventivi o aggiornala.',
  openLink: 'Apri la pratica',
  unknownCompany: 'Compagnia della polizza in scadenza',
} as const;

const italianDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The sectors that renew, with what their new practice starts from. */
const RENEWING: Record<string, (data: unknown, issued: TPracticeRow, companyName: string | null) => unknown> = {
  /** RC Auto: the same vehicle, drivers and covers; the policy in force is the issued one; cover starts at its expiry. */
  rca: (data, issued, companyName) => {
    const previous = data as TRcaData;
    return {
      ...previous,
      currentPolicy: {
        company: companyName ?? previous.currentPolicy?.company ?? RENEWAL_MSG.unknownCompany,
        expiryDate: issued.policy_expiry_date!,
        // The class of the new risk certificate is the insurer's: the broker corrects it; the last one known stays.
        cuClass: previous.currentPolicy?.cuClass ?? 14,
        claimsLastFiveYears: previous.currentPolicy?.claimsLastFiveYears ?? [0, 0, 0, 0, 0],
      },
      startDate: issued.policy_expiry_date!,
    };
  },
};

/** Today as an ISO date (server time zone), the job's calendar. */
const todayIso = (now = new Date()) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export const createRenewalsService = (
  { db, logger }: TModuleDeps,
  engine: TPracticesEngine,
  { settings, notifications, chosenQuotation }: Pick<TPracticesNeeds, 'settings' | 'notifications'> & { chosenQuotation: TChosenQuotationReader },
) => {

  /** The system acts on the corner's behalf: the history names the corner, its payload says it was automatic. */
  const onBehalfOf = (row: TPracticeRow): TActor => ({ userId: row.corner_id, role: 'corner', state: 'active', sessionId: '', via: 'cookie', impersonatorId: null });

  const remind = async (definition: TAnySectorDefinition, row: TPracticeRow, openedId: string | null): Promise<boolean> => {
    if (!(await moneyRepo.markReminded(db, row.id))) return false;
    const expiry = row.policy_expiry_date!;
    const kind = definition.events.history ?? definition.events.update;
    if (!isNotificationKind(kind)) return true;
    await notifications.notify(kind, [row.corner_id], {
      title: RENEWAL_MSG.reminderTitle,
      text: [RENEWAL_MSG.reminderText(definition.title(row.data), expiry, addDaysIso(expiry, RCA_GRACE_DAYS)), ...(openedId ? [RENEWAL_MSG.reproposalText] : [])],
      link: `${SECTORS[definition.sector].route}/${openedId ?? row.id}`,
      textLink: RENEWAL_MSG.openLink,
    });
    return true;
  };

  /** Opens the practice renewing `issued`, unless one exists (then null): one transaction, history on both. */
  const openRenewal = async (definition: TAnySectorDefinition, issued: TPracticeRow): Promise<TPracticeRow | null> => {
    const prefill = RENEWING[definition.sector];
    if (!prefill) return null;
    const chosen = await chosenQuotation(db, issued.id);
    const checked = definition.data.safeParse(prefill(issued.data, issued, chosen?.companyName ?? null));
    if (!checked.success) {
      logger.warn({ practiceId: issued.id, issues: checked.error.issues.slice(0, 5) }, 'pratica di rinnovo non aperta: dati non validi');
      return null;
    }
    const data = JSON.parse(JSON.stringify(checked.data)) as unknown;
    const actor = onBehalfOf(issued);
    const opened = await db.transaction().execute(async (trx) => {
      const inserted = await moneyRepo.insertRenewal(trx, {
        sector: definition.sector,
        clientId: issued.client_id,
        cornerId: issued.corner_id,
        state: definition.initial,
        data,
        searchText: foldSearchText(definition.searchText(data)),
        renewalOfId: issued.id,
      });
      if (!inserted) return null;
      await moneyRepo.setRenewedBy(trx, issued.id, inserted.id);
      await engine.internal.appendEvent(trx, {
        practiceId: inserted.id,
        actorId: actor.userId,
        impersonatorId: null,
        kind: 'created',
        toState: definition.initial,
        payload: { automatic: true, renewalOfId: issued.id },
      });
      await engine.internal.appendEvent(trx, {
        practiceId: issued.id,
        actorId: actor.userId,
        impersonatorId: null,
        kind: 'renewal_opened',
        payload: { automatic: true, renewalId: inserted.id },
      });
      return inserted;
    });
    if (!opened) return null;
    engine.internal.committed({ kind: 'created', actor, definition, practice: opened, payload: { automatic: true, renewalOfId: issued.id } });
    engine.internal.committed({ kind: 'renewal_opened', actor, definition, practice: await engine.internal.reread(definition.sector, issued.id), payload: { automatic: true, renewalId: opened.id } });
    return opened;
  };

  /** One pass over the issued RC Auto policies near expiry: reminders and new practices, each once across instances. */
  const run = async (options: { today?: string } = {}): Promise<TRunRenewalsResult> => {
    const today = options.today ?? todayIso();
    const definition = engine.internal.definitionOf('rca');
    const { rcaRange, rcaReproposal } = await settings.getRcaSettings();
    // A policy expired up to the end of its grace still gets both (the job may not have run for some days).
    const from = addDaysIso(today, -RCA_GRACE_DAYS);
    const opened: string[] = [];
    const openedFor = new Map<string, string>();
    if (rcaReproposal.enabled) {
      for (const row of await moneyRepo.findToRepropose(db, definition.sector, 'emitted', from, addDaysIso(today, rcaReproposal.daysBefore))) {
        const practice = await openRenewal(definition, row);
        if (practice) {
          opened.push(practice.id);
          openedFor.set(row.id, practice.id);
        }
      }
    }
    let reminded = 0;
    for (const row of await moneyRepo.findToRemind(db, definition.sector, 'emitted', from, addDaysIso(today, rcaRange.daysBefore))) {
      if (await remind(definition, row, openedFor.get(row.id) ?? row.renewed_by_id)) reminded += 1;
    }
    return { reminded, opened };
  };

  return {
    run,
    /** practices.renewals.run: an admin runs the daily pass now. */
    runNow: async (ctx: TRequestContext): Promise<TRunRenewalsResult> => {
      requireAdmin(ctx);
      return run();
    },
    /** The daily job (module `jobs`). */
    job: (): TModuleJob => ({ name: RENEWALS_JOB, handler: async () => void (await run()), options: { maxAttempts: 3 }, schedule: { dailyAt: '06:30' } }),
  };
};

export type TRenewalsService = ReturnType<typeof createRenewalsService>;
