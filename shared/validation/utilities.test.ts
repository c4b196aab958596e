import { describe, expect, it } from 'vitest';
import { ibanError, isValidIban, isValidPdr, isValidPod, normalizeIban, normalizeSupplyCode, pdrError, podError } from './utilities';

describe('POD (electricity meter)', () => {
  it.each(['IT001E12345678', 'IT012E00345678', 'it 001 e 1234 5678', 'IT001E12345678A', 'IT020E00012345'])('accepts %s', (pod) => {
    expect(podError(pod)).toBeNull();
    expect(isValidPod(pod)).toBe(true);
  });

  it('normalises upper case without blanks', () => {
    expect(normalizeSupplyCode(' it001e 1234-5678 ')).toBe('IT001E12345678');
  });

  it('answers what is wrong, in Italian', () => {
    expect(podError('')).toBe('Inserisci il POD.');
    expect(podError('FR001E12345678')).toBe('Il POD inizia con IT (es. IT001E12345678).');
    expect(podError('IT001E1234567')).toBe('Il POD ha 14 caratteri (15 con il carattere di controllo finale): ne hai inseriti 13.');
    expect(podError('IT001E123456789A')).toBe('Il POD ha 14 caratteri (15 con il carattere di controllo finale): ne hai inseriti 16.');
    for (const wrong of ['IT001X12345678', 'ITA01E12345678', 'IT001E1234567A', 'IT001E12345678!']) {
      expect(podError(wrong)).toBe('POD non valido: IT, 3 cifre del distributore, la lettera E e 8 cifre (es. IT001E12345678).');
    }
    expect(isValidPod('IT001E1234567')).toBe(false);
  });
});

describe('PDR (gas meter)', () => {
  it.each(['00881234567890', '0088 1234 5678 90', '15210000123456'])('accepts %s', (pdr) => {
    expect(pdrError(pdr)).toBeNull();
    expect(isValidPdr(pdr)).toBe(true);
  });

  it('answers what is wrong, in Italian', () => {
    expect(pdrError('')).toBe('Inserisci il PDR.');
    expect(pdrError('0088123456789')).toBe('Il PDR ha 14 cifre: ne hai inserite 13.');
    expect(pdrError('008812345678901')).toBe('Il PDR ha 14 cifre: ne hai inserite 15.');
    expect(pdrError('0088123456789O')).toBe('Il PDR contiene solo cifre (14, es. 00881234567890).');
    expect(isValidPdr('IT001E12345678')).toBe(false);
  });
});

describe('IBAN (ISO 13616)', () => {
  // Examples published on Wikipedia's "International Bank Account Number" pages.
  it.each(['IT60X0542811101000000123456', 'IT60 X054 2811 1010 0000 0123 456', 'it60x0542811101000000123456', 'DE89370400440532013000', 'GB82WEST12345698765432'])('accepts %s', (iban) => {
    expect(ibanError(iban)).toBeNull();
    expect(isValidIban(iban)).toBe(true);
  });

  it('normalises to the electronic format', () => {
    expect(normalizeIban('it60 x054 2811 1010 0000 0123 456')).toBe('IT60X0542811101000000123456');
  });

  it('answers what is wrong, in Italian', () => {
    expect(ibanError('')).toBe('Inserisci l’IBAN.');
    expect(ibanError('   ')).toBe('Inserisci l’IBAN.');
    expect(ibanError('XX60X0542811101000000123456')).toBe('IBAN non valido: inizia con la sigla del paese (IT per un conto italiano).');
    expect(ibanError('IT60X054281110100000012345')).toBe('Un IBAN italiano ha 27 caratteri: ne hai inseriti 26.');
    expect(ibanError('DE8937040044053201300')).toBe('IBAN non valido: la lunghezza non è quella prevista per il paese indicato.');
    expect(ibanError('IT6OX0542811101000000123456')).toBe('IBAN non valido: dopo la sigla del paese vengono 2 cifre di controllo.');
    expect(ibanError('IT60XA542811101000000123456')).toBe(
      'IBAN non valido: dopo le cifre di controllo il formato non è quello del paese (per l’Italia: CIN, ABI, CAB e numero di conto).',
    );
    // One digit changed, two digits swapped: mod 97 catches both.
    expect(ibanError('IT60X0542811101000000123457')).toBe('IBAN non valido: le cifre di controllo non corrispondono. Controlla di averlo copiato senza errori.');
    expect(ibanError('IT60X0542811101000000124356')).toBe('IBAN non valido: le cifre di controllo non corrispondono. Controlla di averlo copiato senza errori.');
    expect(isValidIban('IT60X0542811101000000123457')).toBe(false);
  });
});
