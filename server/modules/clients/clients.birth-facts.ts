import { decodePersonCf } from '../../../shared/rules/client-record';
import type { TClientInput } from '../../../shared/schemas/client-record';
import type { TCadastralPlace } from '../../../shared/schemas/geo';
import { birthplaceOf } from './clients.import-rows';

/**
 * A person's birth date, sex and birthplace left empty, taken from the codice fiscale, which encodes them: whoever
 * saves the record (the form, a REST or tRPC integrator) gets the same complete record. What was given is kept (a
 * mismatch is the schema's warning, not overwritten); a birthplace code unknown to the reference data stays empty.
 */
export const withBirthFactsOfCf = async <T extends TClientInput>(input: T, placeByCadastral: (code: string) => Promise<TCadastralPlace | null>): Promise<T> => {
  if (input.kind !== 'persona' || (input.birthDate && input.sex && input.birthplace)) return input;
  const decoded = decodePersonCf(input.cf);
  if (!decoded) return input;
  const place = input.birthplace ? null : await placeByCadastral(decoded.birthplaceCadastral);
  return {
    ...input,
    birthDate: input.birthDate ?? decoded.birthDate,
    sex: input.sex ?? decoded.sex,
    birthplace: input.birthplace ?? (place ? birthplaceOf(place) : null),
  };
};
