import { describe, expect, it } from 'vitest';
import { PRACTICE_MSG } from '../schemas/practices';
import { BULK_MSG } from '../schemas/utility-bulk';
import { endSentence } from './sentence';

describe('endSentence', () => {
  it('adds the full stop a name does not already end with', () => {
    expect(endSentence('Hai scelto il preventivo di Allianz S.p.A.')).toBe('Hai scelto il preventivo di Allianz S.p.A.');
    expect(endSentence('Hai scelto il preventivo di Generali Italia')).toBe('Hai scelto il preventivo di Generali Italia.');
    expect(endSentence('Casa e famiglia · Milano (MI)')).toBe('Casa e famiglia · Milano (MI).');
  });

  it('is how the messages naming someone end', () => {
    expect(PRACTICE_MSG.takenBy('Broker Esempio S.r.l.')).toBe('La pratica è in carico a Broker Esempio S.r.l.');
    expect(PRACTICE_MSG.alreadyTaken('Rocco Rossi')).toBe('La pratica è già stata presa in carico da Rocco Rossi.');
    expect(BULK_MSG.takenByOther('Gas Valle S.r.l.')).toBe('L’attivazione è in carico a Gas Valle S.r.l.');
  });
});
