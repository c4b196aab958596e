import { describe, expect, it } from 'vitest';
import { CodiceFiscale } from '../validation/codice-fiscale';
import { ZClientInput, isClientWarningIssue, type TClientInputRaw } from './client-record';

const maria = CodiceFiscale.compute({ name: 'Maria', surname: 'Bianchi', gender: 'F', day: 12, month: 3, year: 1985, birthplace: 'Milano', birthplaceProvincia: 'MI' });

const person = {
  kind: 'persona',
  name: ' Maria ',
  surname: 'Bianchi',
  cf: maria.toLowerCase().replace(/(.{4})/g, '$1 '),
  birthDate: '1985-03-12',
  sex: 'F',
  birthplace: { cadastralCode: 'f205', label: 'Milano (MI)' },
  email: ' Maria.Bianchi@Example.IT ',
  phones: ['340 123 4567', '+39 340 1234567', '02 1234567'],
  address: { street: 'Via Roma', number: '10', cap: '20121', comuneIstat: '015146', comuneName: 'Milano', provinceSigla: 'mi' },
  notes: 'Cliente dal 2019.',
} satisfies TClientInputRaw;

const company = {
  kind: 'azienda',
  businessName: 'Rossi Impianti S.r.l.',
  vat: 'IT 01234560017',
  companyCf: '01234560017',
  pec: 'Fatture@Pec.Rossi.it',
  sdiCode: '0000000',
  legalRepresentative: { name: 'Mario', surname: 'Rossi', cf: 'RSSMRA85T10A562S' },
  email: '',
  phones: [],
} satisfies TClientInputRaw;

/** The first message of each field path, and whether it is a confirmable warning. */
const issuesOf = (input: unknown) => {
  const result = ZClientInput.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= isClientWarningIssue(issue) ? `warning: ${issue.message}` : issue.message;
  return messages;
};

describe('ZClientInput, persona', () => {
  it('accepts a person and normalises what was typed', () => {
    expect(ZClientInput.parse(person)).toEqual({
      kind: 'persona',
      name: 'Maria',
      surname: 'Bianchi',
      cf: maria,
      birthDate: '1985-03-12',
      sex: 'F',
      birthplace: { cadastralCode: 'F205', label: 'Milano (MI)' },
      email: 'maria.bianchi@example.it',
      phones: ['+393401234567', '+39021234567'],
      address: { street: 'Via Roma', number: '10', cap: '20121', comuneIstat: '015146', comuneName: 'Milano', provinceSigla: 'MI' },
      notes: 'Cliente dal 2019.',
      acknowledgedWarnings: false,
    });
  });

  it('accepts a person with only the required fields, the others empty', () => {
    expect(ZClientInput.parse({ kind: 'persona', name: 'Maria', surname: 'Bianchi', cf: maria, birthDate: '', sex: '' })).toMatchObject({
      birthDate: null,
      sex: null,
      birthplace: null,
      address: null,
      phones: [],
      email: '',
      notes: '',
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Campo obbligatorio.'],
    [{ surname: '  ' }, 'surname', 'Campo obbligatorio.'],
    [{ cf: '' }, 'cf', 'Campo obbligatorio.'],
    [{ cf: 'BNCMRA85C52F205X' }, 'cf', 'Codice fiscale non valido.'],
    [{ cf: '01234560017' }, 'cf', 'Codice fiscale non valido.'],
    [{ birthDate: '12/03/1985' }, 'birthDate', 'Data di nascita non valida.'],
    [{ birthDate: '1985-02-30' }, 'birthDate', 'Data di nascita non valida.'],
    [{ birthDate: '2999-01-01' }, 'birthDate', 'La data di nascita non può essere nel futuro.'],
    [{ sex: 'X' }, 'sex', 'Sesso non valido: indica M o F.'],
    [{ birthplace: { cadastralCode: 'F20', label: 'Milano' } }, 'birthplace.cadastralCode', 'Codice catastale non valido (una lettera e tre cifre, es. F205).'],
    [{ email: 'maria@' }, 'email', 'Inserisci un indirizzo email valido.'],
    [{ phones: ['340 123'] }, 'phones.0', 'Numero di telefono non valido.'],
    [{ phones: ['1', '+39 02 1234567', 'abc'] }, 'phones.2', 'Numero di telefono non valido.'],
    [{ phones: Array.from({ length: 6 }, (_, i) => `340 123 456${i}`) }, 'phones', 'Puoi indicare al massimo 5 numeri di telefono.'],
    [{ address: { ...person.address, cap: '2012' } }, 'address.cap', 'Il CAP è di 5 cifre.'],
    [{ address: { ...person.address, comuneIstat: 'F205' } }, 'address.comuneIstat', 'Codice ISTAT del comune non valido (6 cifre).'],
    [{ address: { ...person.address, comuneName: '' } }, 'address.comuneName', 'Scegli il comune.'],
    [{ address: { ...person.address, provinceSigla: 'Milano' } }, 'address.provinceSigla', 'Sigla della provincia non valida (2 lettere, es. MI).'],
    [{ address: { ...person.address, street: '' } }, 'address.street', 'Campo obbligatorio.'],
    [{ notes: 'a\u0000b' }, 'notes', 'Il testo contiene caratteri non ammessi.'],
    [{ notes: 'x'.repeat(2001) }, 'notes', 'Massimo 2000 caratteri.'],
  ])('refuses %j on %s', (change, path, message) => {
    expect(issuesOf({ ...person, ...change })[path]).toBe(message);
  });

  it('accepts an omocodia variant of the codice fiscale', () => {
    const variant = CodiceFiscale.getOmocodie(maria).at(-1)!;
    expect(ZClientInput.parse({ ...person, cf: variant })).toMatchObject({ cf: variant });
  });

  it('reports each mismatch with the codice fiscale as a warning on its field', () => {
    expect(issuesOf({ ...person, birthDate: '1985-03-13', sex: 'M', birthplace: { cadastralCode: 'H501', label: 'Roma (RM)' } })).toEqual({
      birthDate: 'warning: La data di nascita non corrisponde al codice fiscale (dal codice: 12/03/1985).',
      sex: 'warning: Il sesso non corrisponde al codice fiscale (dal codice: F).',
      'birthplace.cadastralCode': 'warning: Il luogo di nascita non corrisponde al codice fiscale (dal codice: F205).',
    });
  });

  it('accepts the mismatch once the user confirmed the warnings', () => {
    const parsed = ZClientInput.parse({ ...person, sex: 'M', acknowledgedWarnings: true });
    expect(parsed).toMatchObject({ sex: 'M', acknowledgedWarnings: true });
  });

  it('gives no warning on a field that failed its own check', () => {
    const result = ZClientInput.safeParse({ ...person, birthDate: '1985-02-30', sex: 'X', birthplace: { cadastralCode: 'F20', label: 'Milano' } });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['birthDate', 'sex', 'birthplace.cadastralCode']);
    expect(result.error?.issues.some(isClientWarningIssue)).toBe(false);
  });

  it('keeps field errors apart from warnings', () => {
    const result = ZClientInput.safeParse({ ...person, cf: 'BNCMRA85C52F205X' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.some(isClientWarningIssue)).toBe(false);
  });
});

describe('ZClientInput, azienda', () => {
  it('accepts a company and normalises what was typed', () => {
    expect(ZClientInput.parse(company)).toEqual({
      kind: 'azienda',
      businessName: 'Rossi Impianti S.r.l.',
      vat: '01234560017',
      companyCf: '01234560017',
      pec: 'fatture@pec.rossi.it',
      sdiCode: '0000000',
      legalRepresentative: { name: 'Mario', surname: 'Rossi', cf: 'RSSMRA85T10A562S' },
      email: '',
      phones: [],
      address: null,
      notes: '',
      acknowledgedWarnings: false,
    });
  });

  it('accepts a sole trader’s 16-character codice fiscale, an SDI code without PEC and no legal representative', () => {
    const parsed = ZClientInput.parse({ ...company, companyCf: 'RSSMRA85T10A562S', pec: '', sdiCode: 'm5uxcr1', legalRepresentative: null });
    expect(parsed).toMatchObject({ companyCf: 'RSSMRA85T10A562S', pec: '', sdiCode: 'M5UXCR1', legalRepresentative: null });
  });

  it.each([
    [{ businessName: '' }, 'businessName', 'Campo obbligatorio.'],
    [{ vat: '' }, 'vat', 'Campo obbligatorio.'],
    [{ vat: '01234560018' }, 'vat', 'Partita IVA non valida.'],
    [{ vat: '0123456001' }, 'vat', 'Partita IVA non valida.'],
    [{ companyCf: '01234560018' }, 'companyCf', 'Il codice fiscale di un’azienda è di 11 cifre (o di 16 caratteri per una ditta individuale).'],
    [{ companyCf: 'RSSMRA85T10A562T' }, 'companyCf', 'Il codice fiscale di un’azienda è di 11 cifre (o di 16 caratteri per una ditta individuale).'],
    [{ pec: 'fatture.pec.it' }, 'pec', 'Inserisci un indirizzo PEC valido.'],
    [{ sdiCode: 'ABC12' }, 'sdiCode', 'Il codice destinatario SDI è di 7 caratteri (lettere maiuscole e cifre).'],
    [{ sdiCode: 'ABC-123' }, 'sdiCode', 'Il codice destinatario SDI è di 7 caratteri (lettere maiuscole e cifre).'],
    [{ sdiCode: '0000000', pec: '' }, 'sdiCode', 'Il codice destinatario 0000000 si usa con la PEC: inserisci l’indirizzo PEC.'],
    [{ legalRepresentative: { name: 'Mario', surname: 'Rossi', cf: 'RSSMRA85T10A562T' } }, 'legalRepresentative.cf', 'Codice fiscale non valido.'],
    [{ legalRepresentative: { name: '', surname: 'Rossi', cf: '' } }, 'legalRepresentative.name', 'Campo obbligatorio.'],
    [{ phones: ['+41 12'] }, 'phones.0', 'Numero di telefono non valido.'],
  ])('refuses %j on %s', (change, path, message) => {
    expect(issuesOf({ ...company, ...change })[path]).toBe(message);
  });

  it('shows the SDI/PEC rule together with other field errors', () => {
    expect(issuesOf({ ...company, pec: '', vat: '01234560018' })).toEqual({
      vat: 'Partita IVA non valida.',
      sdiCode: 'Il codice destinatario 0000000 si usa con la PEC: inserisci l’indirizzo PEC.',
    });
  });
});

describe('ZClientInput, kind', () => {
  it('refuses a missing or unknown kind with an Italian message', () => {
    expect(issuesOf({ ...person, kind: 'privato' }).kind).toBe('Indica se il cliente è una persona o un’azienda.');
    expect(issuesOf({ name: 'Maria' }).kind).toBe('Indica se il cliente è una persona o un’azienda.');
  });

  it('does not take the fields of the other kind as its own', () => {
    expect(issuesOf({ ...company, kind: 'persona' })).toMatchObject({ name: 'Campo obbligatorio.', cf: 'Campo obbligatorio.' });
  });
});
