import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import { OFFER_MSG, addMonthsIso, clawbackDue, offerOfData, offerFitIssue, offerSnapshot, offerValidOn, type TUtilityOfferEntry } from '../../../../shared/practices/utility-offers';
import { UTILITY_MSG } from '../../../../shared/practices/utility';
import { LEDGER_MSG } from '../../../../shared/schemas/ledger';
import { isUtilitySector, type TSectorSlug } from '../../../../shared/sectors';
import type { TDb } from '../../../db/database';
import { requireActor, type TRequestContext } from '../../../platform/context';
import type { TModuleDeps } from '../../../platform/services';
import { AppError } from '../../../platform/errors';
import type { TEffectWork, TPracticesNeeds } from '../engine/types';
import type { TPracticeRow } from '../engine/practices.repository';
import * as repo from './utilities.repository';
import { todayInItaly, type TPracticesEngine } from '../engine/engine.service';

/**
 * The utility sectors' part of the engine (issue 16): the offers catalogue (`luceGasConfig`, `gplConfig`) a request
 * chooses from, checked and copied into the practice on every create and change; the money of an activation (the
 * offer's commission when the supply is activated, its clawback when the supply ends within the offer's window) in
 * the corners' ledger; the supply's start and end dates. A single transition records them through its effect below;
 * the bulk outcome import writes the same columns with the state in one statement and the same ledger entries
 * (`commissionEntriesOf`, `clawbackEntriesOf`), inside its own transaction.
 */

const CATALOGUE_KEY = { 'luce-e-gas': 'luceGasConfig', gpl: 'gplConfig' } as const;
type TUtilitySector = keyof typeof CATALOGUE_KEY;


/** The commission an activation of the practice earns: its offer's (null: none). */
export const commissionCentsOf = (practice: Pick<TPracticeRow, 'data'>): number | null => offerOfData(practice.data)?.commissionCents ?? null;

const invalidDate = (field: string, message: string) => new AppError('VALIDATION', { userMessage: message, fields: { [field]: [message] } });
const invalidOffer = (message: string) => new AppError('VALIDATION', { userMessage: message, fields: { 'offer.id': [message] } });

export type TActivation = { practice: TPracticeRow; activationDate: string; actorId: string };
export type TCessation = { practice: TPracticeRow; endDate: string; actorId: string };

export const createUtilitiesService = (_deps: TModuleDeps, engine: TPracticesEngine, { settings, ledger }: Pick<TPracticesNeeds, 'settings' | 'ledger'>) => {
  /** The whole catalogue of a utility sector (every offer, valid or not). */
  const catalogue = async (sector: TUtilitySector, within?: TDb): Promise<TUtilityOfferEntry[]> => (await settings.getSectorSetting(CATALOGUE_KEY[sector], within)).offers;

  // The offer a request names must be in the catalogue, valid today and fit the supply; the practice keeps its snapshot.
  engine.registerDataCheck(async ({ definition, data, current }) => {
    if (!isUtilitySector(definition.sector) || !definition.offerSubject) return data;
    const chosen = offerOfData(data);
    if (!chosen) throw invalidOffer(OFFER_MSG.offerRequired);
    const offer = (await catalogue(definition.sector)).find((candidate) => candidate.id === chosen.id);
    // A change that keeps the offer already on the practice keeps its snapshot, even if the catalogue changed since.
    const kept = offerOfData(current?.data);
    if (kept && kept.id === chosen.id && (!offer || !offerValidOn(offer, todayInItaly()))) return { ...(data as object), offer: kept };
    if (!offer) throw invalidOffer(OFFER_MSG.offerUnknown);
    if (!offerValidOn(offer, todayInItaly())) throw invalidOffer(OFFER_MSG.offerNotValid(offer.validFrom, offer.validTo));
    const misfit = offerFitIssue(offer, definition.offerSubject(data));
    if (misfit) throw invalidOffer(misfit);
    return { ...(data as object), offer: offerSnapshot(offer) };
  });

  type TLedgerEntryInput = Parameters<typeof ledger.append>[1][number];

  /** The commission each activation earns: the offer's (an offer without commission earns none). */
  const commissionEntriesOf = (definition: TAnySectorDefinition, items: readonly TActivation[]): TLedgerEntryInput[] =>
    items.flatMap(({ practice, activationDate, actorId }) => {
      const cents = commissionCentsOf(practice) ?? 0;
      // Inside the offer's clawback window the commission is earned but not yet payable (issue 27: shown apart).
      const months = offerOfData(practice.data)?.clawbackMonths ?? 0;
      return cents > 0
        ? [
            {
              cornerId: practice.corner_id,
              practiceId: practice.id,
              sector: definition.sector,
              kind: 'commission' as const,
              amountCents: cents,
              description: LEDGER_MSG.commissionDescription(definition.title(practice.data)),
              actorId,
              availableOn: months > 0 ? addMonthsIso(activationDate, months) : null,
            },
          ]
        : [];
    });

  /** The clawbacks of the cessations within the offer's window: what was earned (the commission entry, if any) taken back. */
  const clawbackEntriesOf = async (trx: TDb, definition: TAnySectorDefinition, items: readonly TCessation[]): Promise<TLedgerEntryInput[]> => {
    const due = items.filter(({ practice, endDate }) => practice.supply_start_date && clawbackDue(practice.supply_start_date, endDate, offerOfData(practice.data)?.clawbackMonths ?? null));
    if (due.length === 0) return [];
    const earned = await ledger.ofPractices(
      due.map(({ practice }) => practice.id),
      trx,
    );
    return due.flatMap(({ practice, actorId }) => {
      const commission = earned.get(practice.id)?.find((entry) => entry.kind === 'commission');
      if (!commission) return [];
      const months = offerOfData(practice.data)?.clawbackMonths ?? 0;
      return [
        {
          cornerId: practice.corner_id,
          practiceId: practice.id,
          sector: definition.sector,
          kind: 'clawback' as const,
          amountCents: -commission.amountCents,
          description: LEDGER_MSG.clawbackDescription(definition.title(practice.data), months),
          actorId,
          reversesId: commission.id,
        },
      ];
    });
  };

  /** The utility sector of the practice; a supply effect on another sector is a bug in its definition. */
  const requireUtility = (definition: TAnySectorDefinition) => {
    if (!isUtilitySector(definition.sector)) throw new Error(`A supply effect on ${definition.sector}, which is no utility sector`);
  };

  /** `startSupply` (activate): the start date and the offer's commission on the practice and in the corner's ledger. */
  const startSupply: TEffectWork = async ({ trx, definition, practice, payload, actor }) => {
    requireUtility(definition);
    const activation = { practice, activationDate: String(payload.activationDate), actorId: actor.userId };
    if (activation.activationDate < todayInItaly(practice.created_at)) throw invalidDate('activationDate', UTILITY_MSG.activationBeforeRequest);
    await repo.setSupplyStart(trx, practice.id, activation.activationDate, commissionCentsOf(practice));
    await ledger.append(trx, commissionEntriesOf(definition, [activation]));
  };

  /** `endSupply` (cease): the end date and, within the offer's window, the commission taken back. */
  const endSupply: TEffectWork = async ({ trx, definition, practice, payload, actor }) => {
    requireUtility(definition);
    const cessation = { practice, endDate: String(payload.endDate), actorId: actor.userId };
    if (practice.supply_start_date && cessation.endDate < practice.supply_start_date) throw invalidDate('endDate', UTILITY_MSG.endBeforeActivation);
    await repo.setSupplyEnd(trx, practice.id, cessation.endDate);
    await ledger.append(trx, await clawbackEntriesOf(trx, definition, [cessation]));
  };

  /** `resubmit`: sent again today, the rejection's reason is cleared and a switch's expected start follows the new date. */
  const resubmit: TEffectWork = async ({ trx, definition, practice }) => {
    requireUtility(definition);
    await repo.setResubmitted(trx, practice.id, definition.expectedStart?.(practice.data, todayInItaly()) ?? null);
  };

  return {
    /** The effects' work, for the engine's table of effects (practices.compose.ts). */
    effects: { startSupply, endSupply, resubmit },
    /** The offers of a utility sector a request can choose today (any signed-in user; other sectors have none). */
    offers: async (ctx: TRequestContext, sector: TSectorSlug): Promise<TUtilityOfferEntry[]> => {
      requireActor(ctx);
      if (!isUtilitySector(sector)) return [];
      const today = todayInItaly();
      return (await catalogue(sector)).filter((offer) => offerValidOn(offer, today));
    },
    /**
     * The ledger side of activations and cessations alone, for the bulk outcome import, which writes the practices'
     * columns (`commissionCentsOf`, the supply dates, the reason) in its own single statement with the state.
     */
    commissionEntriesOf,
    clawbackEntriesOf,
  };
};

export type TUtilitiesService = ReturnType<typeof createUtilitiesService>;
