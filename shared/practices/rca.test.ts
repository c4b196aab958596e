import { describe, expect, it } from 'vitest';
import { todayInItaly } from '../rules/italian-day';
import { SECTORS } from '../sectors';
import { addMonthsIso } from './utility-offers';
import { DRIVING_KINDS, ZRcaAskEmissionPayload, ZRcaData, ZRcaEmitPayload, ZRcaReasonPayload, rcaCoverLabels, rcaDefinition } from './rca';

const example = () => structuredClone(rcaDefinition.example);

/** Italian messages of a failed parse by field path (the last one per path). */
const messagesOf = (input: unknown) => {
  const result = ZRcaData.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('ZRcaData', () => {
  it('parses the definition’s example unchanged', () => {
    expect(ZRcaData.parse(example())).toEqual(rcaDefinition.example);
  });

  it('accepts a minimal request: no driver, no owner, no current policy, no covers', () => {
    const { driver: _driver, owner: _owner, currentPolicy: _policy, covers: _covers, familyBonus: _family, notes: _notes, ...minimal } = example();
    const parsed = ZRcaData.parse(minimal);
    expect(parsed).toMatchObject({ driver: null, owner: null, currentPolicy: null, covers: [], familyBonus: { applies: false }, notes: '' });
  });

  it('normalises the plate, the chassis number and the codici fiscali', () => {
    const input = example();
    input.vehicle.plate = 'ab 123-cd';
    input.vehicle.chassis = 'zfa31200000123456';
    input.driver!.taxCode = 'rssmra85t10a562s';
    const parsed = ZRcaData.parse(input);
    expect(parsed.vehicle.plate).toBe('AB123CD');
    expect(parsed.vehicle.chassis).toBe('ZFA31200000123456');
    expect(parsed.driver!.taxCode).toBe('RSSMRA85T10A562S');
  });

  it('checks the plate against the vehicle type', () => {
    const input = example();
    input.vehicle.plate = 'AB12345';
    expect(messagesOf(input)['vehicle.plate']).toBe('Targa non valida per un’autovettura: formato AA000AA');
    input.vehicle.type = 'motorcycle';
    expect(ZRcaData.safeParse(input).success).toBe(true);
  });

  it('needs a plate or a chassis number, and checks the chassis number', () => {
    const input = example();
    input.vehicle.plate = '';
    input.vehicle.chassis = '';
    expect(messagesOf(input)['vehicle.plate']).toBe('Inserisci la targa o, per un veicolo senza targa, il numero di telaio.');
    input.vehicle.chassis = 'ZFA3120000O123456';
    expect(messagesOf(input)['vehicle.chassis']).toMatch(/^Numero di telaio non valido/);
    input.vehicle.chassis = 'ZFA31200000123456';
    expect(ZRcaData.safeParse(input).success).toBe(true);
  });

  it('wants no fuel nor power for a trailer, and both for a motor vehicle', () => {
    const trailer = example();
    trailer.vehicle = { ...trailer.vehicle, type: 'trailer', plate: 'XA123BC', fuel: 'none', powerKw: null };
    trailer.driver = null;
    expect(ZRcaData.safeParse(trailer).success).toBe(true);
    const car = example();
    car.vehicle = { ...car.vehicle, fuel: 'none', powerKw: null };
    expect(messagesOf(car)).toMatchObject({ 'vehicle.fuel': 'Un veicolo a motore ha un’alimentazione: selezionala.', 'vehicle.powerKw': 'Inserisci la potenza in kW.' });
  });

  it('checks the habitual driver: codice fiscale, birth date, licence year', () => {
    const badCf = example();
    badCf.driver!.taxCode = 'RSSMRA85T10A562T';
    expect(messagesOf(badCf)['driver.taxCode']).toBe('Codice fiscale non valido.');

    const mismatch = example();
    mismatch.driver!.birthDate = '1985-12-11';
    expect(messagesOf(mismatch)['driver.birthDate']).toBe('La data di nascita non corrisponde al codice fiscale.');

    const early = example();
    early.driver!.licenceYear = 2002; // born 1985: a car licence from 2003
    expect(messagesOf(early)['driver.licenceYear']).toBe('La patente non può essere stata conseguita prima dei 18 anni.');
    early.vehicle = { ...early.vehicle, type: 'motorcycle', plate: 'AB12345' };
    expect(ZRcaData.safeParse(early).success).toBe(true); // A1 at 16

    const future = example();
    future.driver!.licenceYear = new Date().getUTCFullYear() + 1;
    expect(messagesOf(future)['driver.licenceYear']).toBe('L’anno della patente non può essere nel futuro.');
  });

  it('checks the owner’s tax code: a person’s or a company’s', () => {
    const input = example();
    input.owner = { name: 'Autonoleggi Esempio S.r.l.', taxCode: '01234560017' };
    expect(ZRcaData.safeParse(input).success).toBe(true);
    input.owner = { name: 'Nessuno', taxCode: '01234560018' };
    expect(messagesOf(input)['owner.taxCode']).toMatch(/proprietario/);
  });

  it('checks the current policy: CU class 1 to 18 and five years of claims', () => {
    const input = example();
    input.currentPolicy!.cuClass = 19;
    input.currentPolicy!.claimsLastFiveYears = [0, 0, 0, 0];
    const messages = messagesOf(input);
    expect(messages['currentPolicy.cuClass']).toBe('La classe CU va da 1 a 18.');
    expect(messages['currentPolicy.claimsLastFiveYears']).toBe('Indica i sinistri di ciascuno degli ultimi cinque anni (da 0 a 99).');
  });

  it('needs the relative and the plate when the family bonus-malus applies', () => {
    const input = example();
    input.familyBonus = { applies: true, relativeTaxCode: '', fromPlate: '' };
    expect(messagesOf(input)).toMatchObject({
      'familyBonus.relativeTaxCode': 'Inserisci il codice fiscale del familiare convivente di cui si eredita la classe.',
      'familyBonus.fromPlate': 'Inserisci la targa del veicolo di cui si eredita la classe.',
    });
    input.familyBonus = { applies: true, relativeTaxCode: 'RSSMRA85T10A562T', fromPlate: '12' };
    expect(messagesOf(input)).toMatchObject({ 'familyBonus.relativeTaxCode': 'Codice fiscale non valido.', 'familyBonus.fromPlate': 'Targa del veicolo del familiare non valida.' });
    input.familyBonus = { applies: true, relativeTaxCode: 'RSSMRA85T10A562S', fromPlate: 'zz 999 zz' };
    expect(ZRcaData.parse(input).familyBonus.fromPlate).toBe('ZZ999ZZ');
  });

  it('accepts only catalogue covers, each once', () => {
    expect(messagesOf({ ...example(), covers: ['kasko', 'moonInsurance'] })['covers.1']).toBe('Garanzia non prevista.');
    expect(messagesOf({ ...example(), covers: ['kasko', 'kasko'] })['covers.1']).toBe('Garanzia già selezionata.');
    expect(rcaCoverLabels({ covers: ['roadsideAssistance', 'fireTheft'] })).toEqual(['Furto e incendio', 'Assistenza stradale']);
  });

  it('answers Italian messages for missing fields and wrong choices', () => {
    const messages = messagesOf({ vehicle: { type: 'spaceship' }, drivingKind: 'fast' });
    expect(messages.drivingKind).toBe('Seleziona il tipo di guida.');
    expect(messages['vehicle.type']).toBe('Seleziona il tipo di veicolo.');
    expect(messages['vehicle.make']).toBe('Campo obbligatorio.');
    expect(messages.startDate).toBe('Data non valida.');
    expect(Object.values(DRIVING_KINDS)).toEqual(['Guida libera', 'Guida esperta', 'Guida esclusiva']);
  });
});

describe('rcaDefinition', () => {
  it('uses the insurance states of the sector, from quotating to emitted or not', () => {
    expect(rcaDefinition.sector).toBe('rca');
    expect(rcaDefinition.states).toBe(SECTORS.rca.states);
    expect(rcaDefinition.initial).toBe('quotating');
    expect(rcaDefinition.final).toEqual(['emitted', 'notEmitted']);
    expect(rcaDefinition.editableIn).toEqual(['quotating']);
  });

  it('has transitions with unique names and targets, none leaving a final state', () => {
    const names = rcaDefinition.transitions.map((transition) => transition.name);
    expect(names).toEqual(['askEmission', 'emit', 'refuse', 'backToQuotation']);
    expect(new Set(rcaDefinition.transitions.map((transition) => transition.to)).size).toBe(names.length);
    for (const transition of rcaDefinition.transitions) {
      for (const from of transition.from) expect(rcaDefinition.final).not.toContain(from);
      expect(Object.keys(rcaDefinition.states)).toContain(transition.to);
    }
  });

  it('asks the corner for the signed contract, a chosen quotation, the pre-contract pack and the required documents to ask for issue', () => {
    const ask = rcaDefinition.transitions.find((transition) => transition.name === 'askEmission')!;
    expect(ask).toMatchObject({ from: ['quotating'], to: 'askEmission', roles: ['corner'], requires: ['signedContract', 'chosenQuotation', 'precontractSigned', 'requiredDocuments'] });
    expect(ZRcaAskEmissionPayload.safeParse({ quotationId: 'c0a80101-0000-4000-8000-000000000001' }).success).toBe(true);
    expect(ZRcaAskEmissionPayload.safeParse({}).error?.issues[0]?.message).toBe('Seleziona il preventivo.');
  });

  it('lets the broker who took it issue or refuse, and either side bring it back to quotation', () => {
    const byName = Object.fromEntries(rcaDefinition.transitions.map((transition) => [transition.name, transition]));
    expect(byName.emit).toMatchObject({ from: ['askEmission'], to: 'emitted', roles: ['broker'], requires: ['takenByActor', 'policyDocuments'], event: 'rca_emission' });
    expect(byName.refuse).toMatchObject({ from: ['askEmission', 'quotating'], to: 'notEmitted', roles: ['broker'], requires: ['takenByActor'] });
    expect(byName.backToQuotation).toMatchObject({ from: ['askEmission'], to: 'quotating', roles: ['corner', 'broker'], requires: [] });
  });

  it('checks the payloads of issue and refusal', () => {
    const today = todayInItaly();
    const inAYear = addMonthsIso(today, 12);
    expect(ZRcaEmitPayload.safeParse({ policyNumber: 'POL-123', effectiveDate: today, expiryDate: inAYear }).success).toBe(true);
    expect(ZRcaEmitPayload.safeParse({ policyNumber: 'POL-123', effectiveDate: today, expiryDate: addMonthsIso(today, 13) }).error?.issues[0]?.message).toBe('La durata della polizza non può superare un anno.');
    expect(ZRcaEmitPayload.safeParse({ policyNumber: 'POL-123', effectiveDate: today, expiryDate: today }).error?.issues[0]?.message).toBe(
      'La scadenza deve essere successiva alla decorrenza.',
    );
    expect(ZRcaEmitPayload.safeParse({ policyNumber: '', effectiveDate: today, expiryDate: inAYear }).error?.issues[0]?.message).toBe('Campo obbligatorio.');
    expect(ZRcaReasonPayload.safeParse({ reason: ' no  ' }).error?.issues[0]?.message).toBe('Indica il motivo (almeno 5 caratteri).');
    expect(ZRcaReasonPayload.parse({ reason: ' Rischio non assumibile ' })).toEqual({ reason: 'Rischio non assumibile' });
  });

  it('names the notification events of spec section 3', () => {
    expect(rcaDefinition.events).toEqual({
      create: 'rca_create',
      update: 'rca_update',
      history: 'rca_history',
      newQuotation: 'rca_newquotation',
      updateQuotation: 'rca_updatequotation',
    });
  });

  it('titles a practice by make, model and plate and searches its key fields', () => {
    expect(rcaDefinition.title(rcaDefinition.example)).toBe('Fiat Panda AB123CD');
    const search = rcaDefinition.searchText(rcaDefinition.example);
    for (const part of ['AB123CD', 'ZFA31200000123456', 'Fiat', 'Panda', 'RSSMRA85T10A562S']) expect(search).toContain(part);
    const noPlate = ZRcaData.parse({ ...example(), vehicle: { ...example().vehicle, plate: '' } });
    expect(rcaDefinition.title(noPlate)).toBe('Fiat Panda ZFA31200000123456');
  });
});
