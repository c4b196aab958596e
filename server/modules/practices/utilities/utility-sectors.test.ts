import { describe, expect, it } from 'vitest';
import { gplDefinition } from '../../../../shared/practices/gpl';
import { luceGasDefinition } from '../../../../shared/practices/luce-e-gas';
import { CONTRACT_MSG } from '../../../../shared/schemas/contract';
import type { TPracticeSchemaDocument } from '../../../../shared/schemas/practice-live';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { useTestApp } from '../../../testing/test-app';
import { practicesFixtures, type TUser } from '../testing/practices.fixtures';
import { todayInItaly } from '../../../../shared/rules/italian-day';

// Activations happen today at the latest and not before the request (issue 26 point 4).
const TODAY = todayInItaly();

/**
 * The luce e gas and GPL sectors on the generic practice engine, through REST (issue 16): submitting needs the
 * signed contract, bad identifiers answer 400 on their field, who may read, and the whole life of a request:
 * taken, worked, rejected, fixed and sent again, activated, ceased, each step in the history.
 */
const t = useTestApp();
const { call, corner, staff, clientOf, signContract, uploadDocs } = practicesFixtures(t, 'Mozilla/5.0 (Test) Luce gas GPL');

const LG = '/api/practices/luce-e-gas';
const GPL = '/api/practices/gpl';

/** Two corners (a client of the first), a luce e gas broker, a GPL broker. */
const world = async () => {
  const a = await corner('a@example.it', 'Anna');
  const b = await corner('b@example.it', 'Bea');
  const lg = await staff('lg@example.it', 'broker', 'luce e gas', 'Lucio');
  const gpl = await staff('gpl@example.it', 'broker', 'gpl', 'Gino');
  return { a, b, lg, gpl, clientA: await clientOf(a.id) };
};

type TPractice = { id: string; state: string; stateLabel: string; title: string; data: Record<string, unknown>; dataVersion: number; brokerId: string | null };
type THistoryEntry = { kind: string; fromState: string | null; toState: string | null; actorName: string; payload: Record<string, unknown>; changes: unknown[] };

const create = async (base: string, who: TUser, clientId: string, data: unknown) => {
  const created = await call('POST', base, who.cookie, { clientId, data });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as TPractice;
};

describe('luce e gas and GPL through REST: create', () => {
  it('refuses a request until the corner signed its contract, then creates it in «Inviata»', async () => {
    const { a, clientA } = await world();
    for (const [base, definition] of [[LG, luceGasDefinition], [GPL, gplDefinition]] as const) {
      const unsigned = await call('POST', base, a.cookie, { clientId: clientA, data: definition.example });
      expect(unsigned.statusCode, unsigned.body).toBe(403);
      expect(unsigned.json().message).toBe(CONTRACT_MSG.signRequired);
      expect((await call('GET', base, a.cookie)).json()).toEqual([]);
    }
    await signContract(a);
    const lg = await create(LG, a, clientA, luceGasDefinition.example);
    expect(lg).toMatchObject({ sector: 'luce-e-gas', state: 'submitted', stateLabel: 'Inviata', title: 'Luce e gas · Via Roma 10, 20121 Milano (MI)', brokerId: null, dataVersion: 1 });
    expect(lg.data).toEqual(luceGasDefinition.example);
    const gpl = await create(GPL, a, clientA, gplDefinition.example);
    expect(gpl).toMatchObject({ sector: 'gpl', state: 'submitted', stateLabel: 'Inviata', title: 'Serbatoio in comodato 1000 L · Via dei Mille 5, 24021 Albino (BG)' });
    expect(gpl.data).toEqual(gplDefinition.example);
  });

  it('answers 400 with the Italian message on the field for a bad POD, PDR or IBAN, and creates nothing', async () => {
    const { a, clientA } = await world();
    await signContract(a);
    const example = luceGasDefinition.example;
    const badPod = await call('POST', LG, a.cookie, { clientId: clientA, data: { ...example, electricity: { ...example.electricity, pod: 'IT001E1234567' } } });
    expect(badPod.statusCode, badPod.body).toBe(400);
    expect(badPod.json().fields).toEqual({ 'electricity.pod': ['Il POD ha 14 caratteri (15 con il carattere di controllo finale): ne hai inseriti 13.'] });

    const badMeters = await call('POST', LG, a.cookie, {
      clientId: clientA,
      data: { ...example, gas: { ...example.gas, pdr: '0088123456789X' }, sepa: { iban: 'IT60X0542811101000000123457' } },
    });
    expect(badMeters.statusCode).toBe(400);
    expect(badMeters.json().fields).toEqual({
      'gas.pdr': ['Il PDR contiene solo cifre (14, es. 00881234567890).'],
      'sepa.iban': ['IBAN non valido: le cifre di controllo non corrispondono. Controlla di averlo copiato senza errori.'],
    });

    const badGpl = await call('POST', GPL, a.cookie, { clientId: clientA, data: { ...gplDefinition.example, propertyRented: true, ownerConsent: false } });
    expect(badGpl.statusCode).toBe(400);
    expect(badGpl.json().fields).toEqual({ ownerConsent: ['In un immobile in affitto serve il consenso del proprietario all’installazione.'] });

    expect((await call('GET', LG, a.cookie)).json()).toEqual([]);
    expect((await call('GET', GPL, a.cookie)).json()).toEqual([]);
  });
});

describe('luce e gas and GPL through REST: the schema document', () => {
  it.each([
    { slug: 'luce-e-gas', base: LG, definition: luceGasDefinition },
    { slug: 'gpl', base: GPL, definition: gplDefinition },
  ])('$slug: GET /schema answers the data example and the five transitions with their examples', async ({ base, definition }) => {
    const { a } = await world();
    const response = await call('GET', `${base}/schema`, a.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json() as TPracticeSchemaDocument;
    expect(document.sector).toBe(definition.sector);
    expect(document.dataExample).toEqual(definition.example);
    expect(Object.keys(document.transitions).sort()).toEqual(['activate', 'cease', 'reject', 'resubmit', 'startWork']);
    expect(document.transitions.activate).toMatchObject({ to: 'activated', label: 'Segna come attivata', from: ['processing'] });
    for (const transition of definition.transitions) {
      expect(transition.payload.safeParse(document.transitions[transition.name]!.example).success, transition.name).toBe(true);
    }
  });
});

describe('luce e gas and GPL through REST: who sees what', () => {
  it('the sector’s broker sees the request and finds it by POD; the other utility’s broker and another corner get 404', async () => {
    const { a, b, lg, gpl, clientA } = await world();
    await signContract(a);
    const practice = await create(LG, a, clientA, luceGasDefinition.example);
    const gplPractice = await create(GPL, a, clientA, gplDefinition.example);

    for (const user of [a, lg]) {
      const list = await call('GET', `${LG}?page=1&limit=10`, user.cookie);
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.json()).toEqual([expect.objectContaining({ id: practice.id, state: 'submitted', stateLabel: 'Inviata' })]);
      expect((await call('GET', `${LG}?q=it001e12345678`, user.cookie)).json()).toHaveLength(1);
      expect((await call('GET', `${LG}?q=00881234567890`, user.cookie)).json()).toHaveLength(1);
      expect((await call('GET', `${LG}?q=IT999E00000000`, user.cookie)).json()).toHaveLength(0);
    }
    expect((await call('GET', `${GPL}?q=albino`, gpl.cookie)).json()).toEqual([expect.objectContaining({ id: gplPractice.id })]);

    for (const [user, id, base] of [[gpl, practice.id, LG], [lg, gplPractice.id, GPL], [b, practice.id, LG], [b, gplPractice.id, GPL]] as const) {
      const read = await call('GET', `${base}/${id}`, user.cookie);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(PRACTICE_MSG.notFound);
      expect((await call('GET', `${base}/${id}/history`, user.cookie)).statusCode).toBe(404);
      expect((await call('POST', `${base}/${id}/take`, user.cookie)).statusCode).toBe(404);
      expect((await call('POST', `${base}/${id}/transition`, user.cookie, { to: 'processing' })).statusCode).toBe(404);
      expect((await call('PATCH', `${base}/${id}`, user.cookie, { data: luceGasDefinition.example })).statusCode).toBe(404);
      expect((await call('GET', base, user.cookie)).json()).toEqual([]);
    }
    // A practice is reached only under its own sector.
    expect((await call('GET', `${GPL}/${practice.id}`, a.cookie)).statusCode).toBe(404);
  });
});

describe('luce e gas and GPL through REST: the life of a request', () => {
  it.each([
    { slug: 'luce-e-gas', base: LG, definition: luceGasDefinition, brokerType: 'lg' as const },
    { slug: 'gpl', base: GPL, definition: gplDefinition, brokerType: 'gpl' as const },
  ])('$slug: taken, worked, rejected, fixed and sent again, activated, ceased; the history lists each step', async ({ base, definition, brokerType }) => {
    const people = await world();
    const { a, clientA } = people;
    const broker = people[brokerType];
    await signContract(a);
    const practice = await create(base, a, clientA, definition.example);
    const at = (tail = '') => `${base}/${practice.id}${tail}`;
    const move = (who: TUser, body: object) => call('POST', at('/transition'), who.cookie, body);

    // Working it is the broker's, after taking it.
    expect((await move(a, { to: 'processing' })).statusCode).toBe(403);
    const untaken = await move(broker, { to: 'processing' });
    expect(untaken.statusCode).toBe(403);
    expect(untaken.json().message).toBe(PRACTICE_MSG.takeFirst);
    const taken = await call('POST', at('/take'), broker.cookie);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().brokerId).toBe(broker.id);
    const wrong = await move(broker, { to: 'activated', activationDate: TODAY });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('Passaggio non consentito da «Inviata» a «Attivata».');
    // The offer's required documents must be on the practice before the work starts.
    const requiredDocs = definition.example.offer.docs.filter((doc) => doc.required);
    const undocumented = await move(broker, { to: 'processing' });
    expect(undocumented.statusCode).toBe(409);
    expect(undocumented.json().message).toBe(PRACTICE_MSG.missingDocuments(requiredDocs.map((doc) => doc.label)));
    await uploadDocs(a, practice.id, requiredDocs.map((doc) => doc.docType), definition.sector);
    const working = await move(broker, { to: 'processing' });
    expect(working.statusCode, working.body).toBe(200);
    expect(working.json()).toMatchObject({ state: 'processing', stateLabel: 'In lavorazione' });

    // Rejected with a reason the corner reads; the corner fixes the data and sends it again.
    const short = await move(broker, { to: 'rejected', reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('Indica il motivo (almeno 5 caratteri).');
    const reason = 'L’indirizzo non corrisponde a quello della bolletta.';
    const rejected = await move(broker, { to: 'rejected', reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'rejected', stateLabel: 'Respinta' });
    expect((await call('PATCH', at(), broker.cookie, { data: definition.example })).statusCode).toBe(403);
    const fixed = { ...definition.example, supplyAddress: { ...definition.example.supplyAddress, streetNumber: '12' } };
    const patched = await call('PATCH', at(), a.cookie, { data: fixed });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ dataVersion: 2, data: { supplyAddress: { streetNumber: '12' } } });
    expect((await move(broker, { to: 'submitted' })).statusCode).toBe(403);
    const resubmitted = await move(a, { to: 'submitted' });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({ state: 'submitted', stateLabel: 'Inviata' });

    // Worked again, activated, ceased: a final state, no change any more.
    expect((await move(broker, { to: 'processing' })).statusCode).toBe(200);
    expect((await move(broker, { to: 'activated', activationDate: '2027-02-31' })).statusCode).toBe(400);
    const activated = await move(broker, { to: 'activated', activationDate: TODAY });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ state: 'activated', stateLabel: 'Attivata' });
    const locked = await call('PATCH', at(), a.cookie, { data: definition.example });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(PRACTICE_MSG.notEditable('Attivata'));
    const ceased = await move(broker, { to: 'ceased', endDate: '2028-01-31', reason: 'Il cliente ha traslocato.' });
    expect(ceased.statusCode, ceased.body).toBe(200);
    expect(ceased.json()).toMatchObject({ state: 'ceased', stateLabel: 'Cessata' });
    const reopen = await move(broker, { to: 'processing' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe('Passaggio non consentito da «Cessata» a «In lavorazione».');

    const history = (await call('GET', at('/history'), a.cookie)).json() as THistoryEntry[];
    const brokerName = brokerType === 'lg' ? 'Lucio Broker' : 'Gino Broker';
    expect(history.map((entry) => [entry.kind, entry.fromState, entry.toState, entry.actorName])).toEqual([
      ['created', null, 'submitted', 'Anna Rossi'],
      ['taken', null, null, brokerName],
      ['document_added', null, null, 'Anna Rossi'],
      ['document_added', null, null, 'Anna Rossi'],
      ['state_changed', 'submitted', 'processing', brokerName],
      ['state_changed', 'processing', 'rejected', brokerName],
      ['data_changed', null, null, 'Anna Rossi'],
      ['state_changed', 'rejected', 'submitted', 'Anna Rossi'],
      ['state_changed', 'submitted', 'processing', brokerName],
      ['state_changed', 'processing', 'activated', brokerName],
      ['state_changed', 'activated', 'ceased', brokerName],
    ]);
    expect(history[5]!.payload).toEqual({ transition: 'reject', reason });
    expect(history[6]!.changes).toEqual([{ path: 'supplyAddress.streetNumber', from: definition.example.supplyAddress.streetNumber, to: '12' }]);
    expect(history[9]!.payload).toEqual({ transition: 'activate', activationDate: TODAY });
    expect(history[10]!.payload).toEqual({ transition: 'cease', endDate: '2028-01-31', reason: 'Il cliente ha traslocato.' });

    // The other corner reaches none of it.
    for (const [method, tail] of [['GET', ''], ['GET', '/history'], ['POST', '/take']] as const) {
      expect((await call(method, at(tail), people.b.cookie)).statusCode).toBe(404);
    }
  });
});

describe('luce e gas: one open activation per meter', () => {
  it('refuses a second open activation of the same POD or PDR (409 naming it, on the field); once the first has ceased, a new one is accepted', async () => {
    const { a, b, lg, clientA } = await world();
    await signContract(a);
    await signContract(b);
    const example = luceGasDefinition.example;
    const first = await create(LG, a, clientA, example);

    const samePod = await call('POST', LG, a.cookie, { clientId: clientA, data: { ...example, gas: { ...example.gas, pdr: '00881234567899' } } });
    expect(samePod.statusCode, samePod.body).toBe(409);
    const message = PRACTICE_MSG.openDuplicate('POD', 'IT001E12345678', first.title, 'Inviata');
    expect(samePod.json()).toMatchObject({ message, fields: { 'electricity.pod': [message] } });

    // Another corner's open activation of the same meter is refused without naming it.
    const clientB = await clientOf(b.id, 'Neri');
    const gasOnly = { ...example, commodity: 'gas', electricity: null, offer: { id: 'metano-italia-gas-casa' } };
    const samePdr = await call('POST', LG, b.cookie, { clientId: clientB, data: gasOnly });
    expect(samePdr.statusCode).toBe(409);
    expect(samePdr.json().message).toBe(PRACTICE_MSG.openDuplicateElsewhere('PDR', '00881234567890'));

    // A change that would point another open activation at the same meter is refused too.
    const other = await create(LG, a, clientA, { ...example, electricity: { ...example.electricity, pod: 'IT001E12345679' }, gas: { ...example.gas, pdr: '00881234567891' } });
    const moved = await call('PATCH', `${LG}/${other.id}`, a.cookie, { ...other.data, electricity: { ...example.electricity } });
    expect(moved.statusCode).toBe(409);
    expect((await call('GET', `${LG}/${other.id}`, a.cookie)).json().data.electricity.pod).toBe('IT001E12345679');

    // The first supply ends: the meter is free again.
    expect((await call('POST', `${LG}/${first.id}/take`, lg.cookie)).statusCode).toBe(200);
    await uploadDocs(a, first.id, ['last_bill', 'identity_document'], 'luce-e-gas');
    for (const body of [{ to: 'processing' }, { to: 'activated', activationDate: TODAY }, { to: 'ceased', endDate: '2028-01-31' }]) {
      const moved = await call('POST', `${LG}/${first.id}/transition`, lg.cookie, body);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    await create(LG, b, clientB, gasOnly);
  });
});
