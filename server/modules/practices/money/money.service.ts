import { productCommissionCents, productOfData } from '../../../../shared/products/practice-product';
import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import { RCA_GRACE_DAYS, addDaysIso, rcaCommissionCents, type TRcaDoc } from '../../../../shared/practices/rca-settings';
import { SECTORS, isInsuranceSector } from '../../../../shared/sectors';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { QUOTATIONS_MSG } from '../../../../shared/schemas/quotations';
import { AppError } from '../../../platform/errors';
import type { TPracticePayment, TPracticePolicy } from '../../../../shared/schemas/practices';
import type { TDb } from '../../../db/database';
import type { TModuleDeps } from '../../../platform/services';
import type { TPaymentsService } from '../../payments/payments.service';
import type { TSettingsService } from '../../settings/settings.service';
import type { TLedgerService } from '../../ledger/ledger.service';
import { LEDGER_MSG, type TLedgerEntry } from '../../../../shared/schemas/ledger';
import type { TEffectWork, TPracticesNeeds } from '../engine/types';
import * as moneyRepo from './money.repository';
import { setOutcomeReason } from '../engine/practices.repository';
import type { TPracticeRow } from '../engine/practices.repository';
import type { TPracticesEngine } from '../engine/engine.service';


export const MONEY_MSG = {
  paymentDescription: (sectorLabel: string, title: string, company: string | null) => `Premio ${sectorLabel} ${title}${company ? ` (${company})` : ''}`,
} as const;

/** The chosen quotation of a practice, as the money part needs it (the quotations part's `chosen`). */
export type TChosenQuotation = { id: string; premiumCents: number; companyName?: string | null };
export type TChosenQuotationReader = (db: TDb, practiceId: string) => Promise<TChosenQuotation | null>;

/** The insurance rules of the practice's sector; a sector that has none cannot make a money effect of insurance. */
const insuranceSectorOf = (definition: TAnySectorDefinition) => {
  if (!isInsuranceSector(definition.sector)) throw new Error(`An insurance money effect on ${definition.sector}, which is no insurance sector`);
  return definition.sector;
};

/**
 * The money effects of the insurance transitions (design "Practices"; declared by each transition in
 * shared/practices/insurance.ts, run in its transaction by the engine): asking for issue raises a `notPaied`
 * request of the chosen quotation's premium in the corner's payments; issuing stores the policy and the commission
 * from the sector's revenue setting (`rcaRevenue`...); refusing or sending back to quotation withdraws the unpaid
 * request and stores the reason. Each reads what it needs in the transition's transaction and refuses the
 * transition when it is not there, so no request for issue lacks its payment and no policy its commission.
 */
export const createMoneyService = (
  _deps: TModuleDeps,
  engine: TPracticesEngine,
  { payments, settings, ledger, chosenQuotation }: Pick<TPracticesNeeds, 'payments' | 'settings' | 'ledger'> & { chosenQuotation: TChosenQuotationReader },
) => {
  const requestPayment: TEffectWork = async ({ trx, actor, definition, practice, payload }) => {
    const sector = insuranceSectorOf(definition);
    await setOutcomeReason(trx, practice.id, null);
    // Read under the practice's lock: a quotation changed after the request named it is no longer chosen, and then
    // there is no premium to request, so the request for issue is refused, never made without its payment.
    const chosen = await chosenQuotation(trx, practice.id);
    if (!chosen) throw new AppError('CONFLICT', { userMessage: PRACTICE_MSG.chooseQuotation });
    if (typeof payload.quotationId === 'string' && chosen.id !== payload.quotationId) throw new AppError('CONFLICT', { userMessage: QUOTATIONS_MSG.chosenMismatch });
    const { paymentDueDays } = await settings.getInsuranceRules(sector, trx);
    const dueDate = new Date(Date.now() + paymentDueDays * 24 * 60 * 60 * 1000);
    const payment = await payments.requestForPractice(trx, {
      cornerId: practice.corner_id,
      practiceId: practice.id,
      description: MONEY_MSG.paymentDescription(SECTORS[definition.sector].label, definition.title(practice.data), chosen.companyName ?? null),
      amountCents: chosen.premiumCents,
      dueDate,
    });
    await engine.internal.appendEvent(trx, {
      practiceId: practice.id,
      actorId: actor.userId,
      impersonatorId: actor.impersonatorId,
      kind: 'payment_requested',
      payload: { paymentId: payment.id, amountCents: payment.amountCents, quotationId: chosen.id },
    });
  };

  const issuePolicy: TEffectWork = async ({ trx, actor, definition, practice, payload }) => {
    const sector = insuranceSectorOf(definition);
    // The commission is a share of the chosen premium: without it the policy is not issued (never issued without commission).
    const chosen = await chosenQuotation(trx, practice.id);
    if (!chosen) throw new AppError('CONFLICT', { userMessage: PRACTICE_MSG.chooseQuotation });
    // A product practice (issue 29) earns what its product version says; the others the sector's revenue setting.
    const product = productOfData(practice.data);
    const commissionCents = product
      ? productCommissionCents(product.commission, chosen.premiumCents)
      : rcaCommissionCents((await settings.getInsuranceRules(sector, trx)).revenue, chosen.premiumCents);
    await moneyRepo.setPolicy(trx, practice.id, {
      number: String(payload.policyNumber),
      effectiveDate: String(payload.effectiveDate),
      expiryDate: String(payload.expiryDate),
      commissionCents,
    });
    // One ledger for everything a corner is owed (issue 27): the policy's commission is an entry, as a supply's is.
    if (commissionCents > 0) {
      await ledger.append(trx, [
        {
          cornerId: practice.corner_id,
          practiceId: practice.id,
          sector,
          kind: 'commission',
          amountCents: commissionCents,
          description: LEDGER_MSG.policyCommissionDescription(String(payload.policyNumber), definition.title(practice.data)),
          actorId: actor.userId,
        },
      ]);
    }
  };

  const withdrawPayment: TEffectWork = ({ trx, practice }) => payments.withdrawForPractice(trx, practice.id);

  return {
    /** The effects' work, for the engine's table of effects (practices.compose.ts). */
    effects: { requestPayment, issuePolicy, withdrawPayment },
  };
};

export type TMoneyService = ReturnType<typeof createMoneyService>;
