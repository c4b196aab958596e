import { CodiceFiscale } from '../../../shared/validation/codice-fiscale';

/** Test-only: a valid person client (Mario Rossi, born in Milan) as a body of POST /api/clients. */
export const MARIO_CF = CodiceFiscale.compute({ name: 'Mario', surname: 'Rossi', gender: 'M', day: 15, month: 3, year: 1980, birthplace: 'Milano', birthplaceProvincia: 'MI' });
export const MILANO = { street: 'Via Dante', number: '7', cap: '20121', comuneIstat: '015146', comuneName: 'Milano', provinceSigla: 'MI' };

export const MARIO = {
  kind: 'persona' as const,
  name: 'Mario',
  surname: 'Rossi',
  cf: MARIO_CF,
  birthDate: '1980-03-15',
  sex: 'M' as const,
  birthplace: { cadastralCode: 'F205', label: 'Milano (MI)' },
  email: 'mario.rossi@example.it',
  phones: ['347 123 4567'],
  address: MILANO,
  notes: 'Cliente storico',
};
