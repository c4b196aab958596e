import { PRECONTRACT_MSG } from '../../../../shared/schemas/precontract';
import type { TRequirementCheck } from '../engine/types';
import { conflict, type TPrecontractContext } from './precontract.context';
import * as repo from './precontract.repository';

/**
 * The `precontractSigned` requirement of the transitions that name it (registered by practices.compose.ts): when the
 * sector asks for the pack, the pack of the chosen quotation signed (or on paper). Read in the transition's
 * transaction.
 */
export const createPrecontractRequirement = ({ isRequired }: TPrecontractContext): TRequirementCheck => async ({ definition, practice, payload, trx }) => {
  if (!(await isRequired(definition, trx))) return;
  const row = await repo.findPrecontract(trx, practice.id);
  if (!row || (row.status !== 'signed' && row.status !== 'paper')) throw conflict(PRECONTRACT_MSG.required);
  const quotationId = typeof payload.quotationId === 'string' ? payload.quotationId : null;
  if (quotationId && row.quotation_id && row.quotation_id !== quotationId) throw conflict(PRECONTRACT_MSG.requiredForQuotation);
};
