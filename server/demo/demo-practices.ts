import type { FastifyInstance, InjectOptions } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { gplDefinition } from '../../shared/practices/gpl';
import { luceGasDefinition } from '../../shared/practices/luce-e-gas';
import { insuredQuotationExample, quotationExample, type TInsuredQuotationInput, type TQuotationInput } from '../../shared/practices/quotation';
import { isInsuranceSector, SECTOR_SLUGS, SECTORS, type TInsuranceSectorSlug, type TSectorSlug } from '../../shared/sectors';
import { PRACTICE_DEFINITIONS, practiceDefinition } from '../../shared/practices/registry';
import { DEFAULT_PRECONTRACT_TEMPLATE, PRECONTRACT_DOC_TYPES, PRECONTRACT_INTERMEDIARY_EXAMPLE } from '../../shared/schemas/precontract';
import { loadDefinitionDemo } from './demo-sectors';
import { legacyProductOf, type TLegacySector } from '../../shared/products/legacy-catalogue';
import { loadDemoMoney } from './demo-money';
import { rcaDefinition, type TRcaDataInput } from '../../shared/practices/rca';
import type { TDb } from '../db/database';
import { DEMO_PASSWORD, brokerEmail } from './demo-data';

/**
 * The demo's practices (issue 15), made through the public REST API as people would: RC Auto requests, quotations
 * with their PDFs, documents, choices, asking for issue (after the demo corner signed its contract by code),
 * issue with the policy, a refusal, and the renewal job run once: practices in every state; then altri rami and
 * fideiussioni in every state, with quotations stating an insured sum; luce e gas and GPL activations in every state.
 */

const UA = 'Mozilla/5.0 (Dati dimostrativi)';
const day = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10);

type TSession = { cookie: string };

/** The old catalogue's product `code` at version 1 (shared/products/legacy-catalogue.ts): the product and version a request names. */
const legacyVersion1 = (sector: TLegacySector, code: string) => {
  const product = legacyProductOf(sector, code);
  if (!product) throw new Error(`Dati dimostrativi: il catalogo precedente non ha il prodotto ${code} (${sector}).`);
  return { id: product.id, version: 1 };
};

const pdfOf = async (lines: readonly string[]): Promise<Buffer> => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  lines.forEach((line, index) => page.drawText(line, { x: 56, y: 780 - index * 22, size: index === 0 ? 18 : 12, font }));
  return Buffer.from(await doc.save());
};

/** A multipart body (the files as `file0`, a JSON `body` part) built by the platform's own FormData. */
const multipartOf = async (file: { name: string; content: Buffer }, body?: unknown) => {
  const form = new FormData();
  if (body !== undefined) form.append('body', JSON.stringify(body));
  form.append('file0', new Blob([new Uint8Array(file.content)], { type: 'application/pdf' }), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
};

/** The last signing code mailed to an address (the demo reads it where the app's mailer hands it over). */
export type TCodeReader = (email: string) => Promise<string | undefined>;

export const loadDemoPractices = async (app: FastifyInstance, db: TDb, codeFor: TCodeReader): Promise<{ practices: number }> => {
  const call = async <T = { id: string }>(session: TSession, method: InjectOptions['method'], url: string, payload?: unknown, contentType?: string): Promise<T> => {
    const response = await app.inject({
      method,
      url,
      headers: { cookie: session.cookie, 'user-agent': UA, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
    if (response.statusCode >= 300) throw new Error(`Dati dimostrativi: ${method} ${url} → ${response.statusCode} ${response.body}`);
    return (response.body ? response.json() : undefined) as T;
  };
  const login = async (email: string): Promise<TSession> => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD }, headers: { 'user-agent': UA } });
    const sid = response.cookies.find((cookie) => cookie.name === 'sid');
    if (!sid) throw new Error(`Dati dimostrativi: accesso non riuscito per ${email}`);
    return { cookie: `sid=${sid.value}` };
  };

  // The admin has completed the intermediary's data of the pre-contract form (no pack leaves with blanks).
  const admin = await login('admin@demo.it');
  await call(admin, 'PUT', '/api/admin/precontract-template', { content: { ...DEFAULT_PRECONTRACT_TEMPLATE, intermediary: PRECONTRACT_INTERMEDIARY_EXAMPLE } });
  const persona = await login('corner.persona@demo.it');
  const azienda = await login('corner.azienda@demo.it');
  const broker = await login('broker.rc-auto@demo.it');

  // The persona corner signs its contract by code (read from the e-mail the platform queued).
  await call(persona, 'POST', '/api/docs/contract/otp');
  const otp = await codeFor('corner.persona@demo.it');
  if (!otp) throw new Error('Dati dimostrativi: nessun codice per il contratto');
  await call(persona, 'POST', '/api/docs/contract/sign', { otp });

  const clientId = async (cornerEmail: string, match: { surname?: string; business?: string }) => {
    let query = db.selectFrom('clients').innerJoin('users', 'users.id', 'clients.corner_id').select('clients.id').where('users.email', '=', cornerEmail);
    if (match.surname) query = query.where('clients.surname', '=', match.surname);
    if (match.business) query = query.where('clients.business', '=', match.business);
    const row = await query.orderBy('clients.created_at').executeTakeFirstOrThrow();
    return row.id;
  };

  const base = rcaDefinition.example;
  const request = (vehicle: Partial<TRcaDataInput['vehicle']>, extra: Partial<TRcaDataInput> = {}): TRcaDataInput => ({
    ...base,
    driver: null,
    vehicle: { ...base.vehicle, chassis: '', ...vehicle },
    currentPolicy: { company: 'Generali Italia S.p.A.', expiryDate: isoDay(40), cuClass: 3, claimsLastFiveYears: [0, 0, 0, 0, 0] },
    startDate: isoDay(40),
    ...extra,
  });
  const open = async (session: TSession, client: string, data: TRcaDataInput) => (await call(session, 'POST', '/api/practices/rca', { clientId: client, data })).id;
  const upload = async (session: TSession, practice: string, docType: string, name: string, lines: string[], sector: TSectorSlug = 'rca') => {
    const { payload, contentType } = await multipartOf({ name, content: await pdfOf(lines) });
    await call(session, 'POST', `/api/practices/${sector}/${practice}/documents?docType=${docType}`, payload, contentType);
  };
  /** The contraente's identity document and tax code card, which the default rcaDocs require before asking for issue. */
  const identityDocs = async (session: TSession, practice: string, name: string, sector: TSectorSlug = 'rca') => {
    await upload(session, practice, 'identity_document', `Carta d’identità ${name}.pdf`, ['Carta d’identità elettronica', name], sector);
    await upload(session, practice, 'tax_code', `Tessera sanitaria ${name}.pdf`, ['Tessera sanitaria – codice fiscale', name], sector);
  };
  const quote = async (practice: string, company: string, premiumCents: number, changes: Partial<TQuotationInput> = {}) => {
    const quotation = { ...quotationExample(), company, premiumCents, ...changes };
    const { payload, contentType } = await multipartOf(
      { name: `Preventivo ${company}.pdf`, content: await pdfOf([`Preventivo RC Auto – ${company}`, `Premio annuo: ${(premiumCents / 100).toFixed(2).replace('.', ',')} €`, `Valido fino al ${quotation.validUntil}`]) },
      quotation,
    );
    return (await call(broker, 'POST', `/api/practices/rca/${practice}/quotations`, payload, contentType)).id;
  };
  const choose = (session: TSession, practice: string, quotation: string, sector: TSectorSlug = 'rca') => call(session, 'POST', `/api/practices/${sector}/${practice}/quotations/${quotation}/choose`);
  /**
   * Before asking for issue: the demands-and-needs questionnaire answered with the client (the sector's example) and
   * the pre-contract pack signed on paper, its scan uploaded.
   */
  const packOnPaper = async (session: TSession, practice: string, sector: TInsuranceSectorSlug) => {
    await call(session, 'PUT', `/api/practices/${sector}/${practice}/precontract/questionnaire`, PRACTICE_DEFINITIONS[sector].insurance.questionnaire.example);
    await upload(session, practice, PRECONTRACT_DOC_TYPES.paper, 'Modulo precontrattuale firmato.pdf', ['Modulo unico precontrattuale e questionario', 'Firmato dal contraente'], sector);
    await call(session, 'POST', `/api/practices/${sector}/${practice}/precontract/paper`);
  };
  const move = async (session: TSession, practice: string, to: string, payload: Record<string, unknown> = {}, sector: TSectorSlug = 'rca') => {
    if (to === 'askEmission' && isInsuranceSector(sector)) await packOnPaper(session, practice, sector);
    return call(session, 'POST', `/api/practices/${sector}/${practice}/transition`, { to, ...payload });
  };

  /** A practice of another sector, opened by the corner. */
  const openIn = async (sector: TSectorSlug, session: TSession, client: string, data: unknown) => (await call(session, 'POST', `/api/practices/${sector}`, { clientId: client, data })).id;
  /** A quotation with an insured sum (altri rami, fideiussioni) by that sector's broker, with its PDF. */
  const quoteInsured = async (sector: TSectorSlug, session: TSession, practice: string, company: string, premiumCents: number, insuredCents: number, changes: Partial<TInsuredQuotationInput> = {}) => {
    const quotation = { ...insuredQuotationExample(insuredCents), company, premiumCents, ...changes };
    const { payload, contentType } = await multipartOf(
      { name: `Preventivo ${company}.pdf`, content: await pdfOf([`Preventivo ${SECTORS[sector].label} – ${company}`, `Premio annuo: ${(premiumCents / 100).toFixed(2).replace('.', ',')} €`, `Valido fino al ${quotation.validUntil}`]) },
      quotation,
    );
    return (await call(session, 'POST', `/api/practices/${sector}/${practice}/quotations`, payload, contentType)).id;
  };

  const giulia = await clientId('corner.persona@demo.it', { surname: 'Bianchi' });
  const luca = await clientId('corner.persona@demo.it', { surname: 'Esposito' });
  const panificio = await clientId('corner.persona@demo.it', { business: 'Panificio Esposito Snc' });
  const trasporti = await clientId('corner.azienda@demo.it', { business: 'Trasporti Veloci Spa' });
  const francesca = await clientId('corner.azienda@demo.it', { surname: 'Ricci' });

  // Emessa, expiring in three weeks: the renewal job reminds the corner and opens the reproposal.
  const panda = await open(persona, giulia, request({ plate: 'AB123CD', make: 'Fiat', model: 'Panda', registrationYear: 2019, powerKw: 51, valueCents: 850_000 }, { covers: ['fireTheft', 'roadsideAssistance'], startDate: isoDay(-344), currentPolicy: null }));
  await upload(persona, panda, 'libretto', 'Carta di circolazione AB123CD.pdf', ['Carta di circolazione', 'Targa AB123CD – Fiat Panda']);
  await identityDocs(persona, panda, 'Giulia Bianchi');
  await quote(panda, 'Generali Italia S.p.A.', 48_250);
  const pandaChosen = await quote(panda, 'Unipol Assicurazioni S.p.A.', 45_900);
  await choose(persona, panda, pandaChosen);
  await move(persona, panda, 'askEmission', { quotationId: pandaChosen });
  await upload(broker, panda, 'policy', 'Polizza 2026-RCA-004512.pdf', ['Polizza RC Auto n. 2026/RCA/004512', 'Fiat Panda AB123CD']);
  await upload(broker, panda, 'insuranceCertificate', 'Certificato di assicurazione AB123CD.pdf', ['Certificato di assicurazione RC Auto', 'Polizza n. 2026/RCA/004512 – Targa AB123CD']);
  await move(broker, panda, 'emitted', { policyNumber: '2026/RCA/004512', effectiveDate: isoDay(-344), expiryDate: isoDay(21) });

  // Richiesta emissione: the payment request waits in the corner's payments.
  const golf = await open(persona, luca, request({ plate: 'FG482LM', make: 'Volkswagen', model: 'Golf', fuel: 'diesel', registrationYear: 2021, powerKw: 85, valueCents: 1_900_000 }, { drivingKind: 'free', covers: ['fireTheft', 'kasko', 'glass'] }));
  await upload(persona, golf, 'libretto', 'Libretto FG482LM.pdf', ['Carta di circolazione', 'Targa FG482LM – Volkswagen Golf']);
  await identityDocs(persona, golf, 'Luca Esposito');
  await upload(persona, golf, 'risk_certificate', 'Attestato di rischio.pdf', ['Attestato di rischio', 'Classe CU 3, nessun sinistro']);
  await quote(golf, 'Allianz S.p.A.', 61_200);
  const golfChosen = await quote(golf, 'AXA Assicurazioni S.p.A.', 58_700, { instalments: 2 });
  await choose(persona, golf, golfChosen);
  await move(persona, golf, 'askEmission', { quotationId: golfChosen });

  // In quotazione, with two quotations to compare.
  const sh = await open(persona, luca, request({ type: 'motorcycle', plate: 'EA12345', make: 'Honda', model: 'SH 125', registrationYear: 2022, powerKw: 9, valueCents: 350_000 }, { covers: ['roadsideAssistance'] }));
  await quote(sh, 'Vittoria Assicurazioni S.p.A.', 21_400);
  await quote(sh, 'Generali Italia S.p.A.', 23_900, { covers: [{ code: 'roadsideAssistance', label: 'Assistenza stradale', limitCents: null, deductibleCents: null }] });

  // In quotazione, just arrived: nobody has taken it yet.
  await open(persona, panificio, request({ type: 'van', plate: 'GB731TR', make: 'Fiat', model: 'Ducato', fuel: 'diesel', use: 'business', registrationYear: 2020, powerKw: 103, valueCents: 2_200_000 }, { drivingKind: 'free' }));

  // Non emessa: refused with the reason the corner reads.
  const yaris = await open(persona, giulia, request({ plate: 'EZ905PK', make: 'Toyota', model: 'Yaris', fuel: 'hybrid', registrationYear: 2012, powerKw: 55, valueCents: 400_000 }, { currentPolicy: { company: 'Compagnia Esempio S.p.A.', expiryDate: isoDay(25), cuClass: 14, claimsLastFiveYears: [2, 1, 0, 1, 0] } }));
  await call(broker, 'POST', `/api/practices/rca/${yaris}/take`);
  await move(broker, yaris, 'notEmitted', { reason: 'Le compagnie interpellate non assumono il rischio: classe CU 14 con quattro sinistri negli ultimi cinque anni.' });

  // The company corner has not signed its contract yet: it compares, and asks for issue once it has signed.
  const daily = await open(azienda, trasporti, request({ type: 'van', plate: 'FR208NX', make: 'Iveco', model: 'Daily', fuel: 'diesel', use: 'thirdParties', registrationYear: 2018, powerKw: 107, valueCents: 1_600_000 }, { drivingKind: 'free' }));
  await quote(daily, 'Unipol Assicurazioni S.p.A.', 132_000, { instalments: 4 });
  await open(azienda, francesca, request({ plate: 'GD117SV', make: 'Renault', model: 'Clio', registrationYear: 2023, powerKw: 67, valueCents: 1_450_000 }));

  // Altri rami: a home policy issued, a professional liability being quoted, a bakery's multi-risk waiting for issue, a
  // cyber cover refused. Each names a product of the old catalogue at version 1 (issue 29) and answers its questions;
  // the demo products (demo-products.ts) publish later versions afterwards, and these practices keep theirs.
  const ar = await login('broker.altri-rami@demo.it');
  const home = await openIn('altri-rami', persona, giulia, {
    product: legacyVersion1('altri-rami', 'home'),
    answers: { street: 'Via Paolo Sarpi 14', comune: { name: 'Milano', province: 'MI' }, squareMetres: 95, constructionYear: 1975, ownership: 'owner' },
    description: 'Abitazione principale in condominio, al terzo piano: incendio, furto e responsabilità civile della famiglia.',
    insuredCents: 30_000_000,
    startDate: isoDay(10),
    durationYears: 1,
    currentPolicy: null,
    covers: ['Incendio e scoppio', 'Furto e rapina', 'RC della famiglia'],
    notes: '',
  });
  await identityDocs(persona, home, 'Giulia Bianchi', 'altri-rami');
  await quoteInsured('altri-rami', ar, home, 'Generali Italia S.p.A.', 32_000, 30_000_000);
  const homeChosen = await quoteInsured('altri-rami', ar, home, 'Allianz S.p.A.', 29_500, 30_000_000, { conditions: 'Franchigia 150 € per sinistro; furto con scoperto 10%.' });
  await choose(persona, home, homeChosen, 'altri-rami');
  await move(persona, home, 'askEmission', { quotationId: homeChosen }, 'altri-rami');
  await upload(ar, home, 'policy', 'Polizza casa 2026-AR-000318.pdf', ['Polizza Casa e famiglia n. 2026/AR/000318', 'Giulia Bianchi'], 'altri-rami');
  await move(ar, home, 'emitted', { policyNumber: '2026/AR/000318', effectiveDate: isoDay(10), expiryDate: isoDay(375) }, 'altri-rami');

  const engineer = await openIn('altri-rami', persona, luca, {
    product: legacyVersion1('altri-rami', 'professionalLiability'),
    answers: { profession: 'Ingegnere civile', registerNumber: '18452', register: 'Ordine degli Ingegneri della Provincia di Napoli', turnoverCents: 8_500_000 },
    description: 'RC professionale per l’attività di ingegnere strutturista libero professionista: progettazione e direzione lavori.',
    insuredCents: 100_000_000,
    startDate: isoDay(20),
    durationYears: 1,
    currentPolicy: { company: 'Reale Mutua di Assicurazioni', expiryDate: isoDay(20) },
    covers: ['Colpa grave', 'Retroattività 10 anni'],
    notes: '',
  });
  await quoteInsured('altri-rami', ar, engineer, 'AXA Assicurazioni S.p.A.', 68_000, 100_000_000, { instalments: 2 });

  const bakery = await openIn('altri-rami', persona, panificio, {
    product: legacyVersion1('altri-rami', 'business'),
    answers: { activity: 'Panificio con vendita al dettaglio', atecoCode: '10.71.10', turnoverCents: 42_000_000, employees: 6 },
    description: 'Multirischi del laboratorio di panificazione con punto vendita: incendio dei forni, danni elettrici, RC verso terzi e prodotti.',
    insuredCents: 45_000_000,
    startDate: isoDay(15),
    durationYears: 1,
    currentPolicy: null,
    covers: ['Incendio', 'Danni elettrici', 'RC prodotti'],
    notes: '',
  });
  await identityDocs(persona, bakery, 'Antonio Esposito', 'altri-rami');
  const bakeryChosen = await quoteInsured('altri-rami', ar, bakery, 'Reale Mutua di Assicurazioni', 114_000, 45_000_000);
  await choose(persona, bakery, bakeryChosen, 'altri-rami');
  await move(persona, bakery, 'askEmission', { quotationId: bakeryChosen }, 'altri-rami');

  const cyber = await openIn('altri-rami', persona, panificio, {
    product: legacyVersion1('altri-rami', 'cyber'),
    answers: { itSystems: 'Gestionale di magazzino e ordini, cassa in cloud, sito con gli ordini online delle torte.' },
    description: 'Copertura dei rischi informatici del gestionale e della cassa in cloud, compresa l’interruzione di attività.',
    insuredCents: 10_000_000,
    startDate: isoDay(30),
    durationYears: 1,
    currentPolicy: null,
    covers: [],
    notes: '',
  });
  await call(ar, 'POST', `/api/practices/altri-rami/${cyber}/take`);
  await move(ar, cyber, 'notEmitted', { reason: 'Le compagnie chiedono prima un’analisi delle misure di sicurezza informatica: la ripresentiamo con il questionario tecnico.' }, 'altri-rami');

  // Fideiussioni: a rent guarantee issued, a tender bond being quoted (the bond's amounts, CIG and tender object are
  // answers to its product's questions).
  const fid = await login('broker.fideiussioni@demo.it');
  const rent = await openIn('fideiussioni', persona, panificio, {
    product: legacyVersion1('fideiussioni', 'rent'),
    answers: { guaranteedCents: 900_000 },
    beneficiary: { name: 'Immobiliare Partenope S.r.l.', taxCode: '07643520567', pec: '' },
    startDate: isoDay(5),
    endDate: isoDay(5 + 365 * 6),
    obligation: 'Deposito cauzionale del contratto di locazione commerciale del punto vendita di via Toledo 210, Napoli (tre mensilità).',
    notes: '',
  });
  for (const [docType, name] of [['identity_document', 'Carta d’identità Antonio Esposito.pdf'], ['company_register', 'Visura camerale Panificio Esposito.pdf'], ['tender_notice', 'Contratto di locazione via Toledo.pdf']] as const) {
    await upload(persona, rent, docType, name, [name.replace(/\.pdf$/, '')], 'fideiussioni');
  }
  const rentChosen = await quoteInsured('fideiussioni', fid, rent, 'Coface S.A. – Rappresentanza per l’Italia', 27_000, 900_000, { conditions: 'Escussione a prima richiesta scritta entro 15 giorni.' });
  await choose(persona, rent, rentChosen, 'fideiussioni');
  await move(persona, rent, 'askEmission', { quotationId: rentChosen }, 'fideiussioni');
  await upload(fid, rent, 'policy', 'Polizza fideiussoria FID-2026-004417.pdf', ['Polizza fideiussoria n. FID/2026/004417', 'Locazione via Toledo – Panificio Esposito Snc'], 'fideiussioni');
  await move(fid, rent, 'emitted', { policyNumber: 'FID/2026/004417', effectiveDate: isoDay(5), expiryDate: isoDay(5 + 365 * 6) }, 'fideiussioni');

  const tender = await openIn('fideiussioni', persona, panificio, {
    product: legacyVersion1('fideiussioni', 'tenderProvisional'),
    answers: { cig: 'A0123BC45D', tenderObject: 'Fornitura di prodotti da forno alle mense degli asili nido comunali, biennio 2027-2028', contractValueCents: 25_000_000, guaranteedCents: 500_000 },
    beneficiary: { name: 'Comune di Napoli', taxCode: '80014890638', pec: 'protocollo@pec.comune.napoli.it' },
    startDate: isoDay(12),
    endDate: isoDay(12 + 180),
    obligation: 'Garanzia dell’offerta nella procedura aperta: copre la mancata sottoscrizione del contratto per fatto dell’offerente.',
    notes: '',
  });
  await quoteInsured('fideiussioni', fid, tender, 'Elba Assicurazioni S.p.A.', 18_000, 500_000);

  // The final bond of a contract already awarded waits for issue; an advance-payment bond was refused.
  const final = await openIn('fideiussioni', persona, panificio, {
    product: legacyVersion1('fideiussioni', 'tenderFinal'),
    answers: { cig: 'B7F21C9A04', tenderObject: 'Fornitura di pane fresco alle mense scolastiche, anno scolastico 2026-2027', contractValueCents: 18_000_000, guaranteedCents: 1_800_000 },
    beneficiary: { name: 'Comune di Napoli', taxCode: '80014890638', pec: 'protocollo@pec.comune.napoli.it' },
    startDate: isoDay(8),
    endDate: isoDay(8 + 300),
    obligation: 'Garanzia definitiva dell’esatto adempimento del contratto di fornitura (10% dell’importo contrattuale).',
    notes: '',
  });
  for (const [docType, name] of [['identity_document', 'Carta d’identità Antonio Esposito.pdf'], ['company_register', 'Visura camerale Panificio Esposito.pdf'], ['tender_notice', 'Contratto di fornitura mense scolastiche.pdf']] as const) {
    await upload(persona, final, docType, name, [name.replace(/\.pdf$/, '')], 'fideiussioni');
  }
  const finalChosen = await quoteInsured('fideiussioni', fid, final, 'Elba Assicurazioni S.p.A.', 41_000, 1_800_000);
  await choose(persona, final, finalChosen, 'fideiussioni');
  await move(persona, final, 'askEmission', { quotationId: finalChosen }, 'fideiussioni');

  const advance = await openIn('fideiussioni', persona, panificio, {
    product: legacyVersion1('fideiussioni', 'advancePayment'),
    answers: { contractValueCents: 10_000_000, guaranteedCents: 2_000_000, cig: 'C1D2E3F4A5' },
    beneficiary: { name: 'Comune di Napoli', taxCode: '80014890638', pec: 'protocollo@pec.comune.napoli.it' },
    startDate: isoDay(20),
    endDate: isoDay(20 + 200),
    obligation: 'Restituzione dell’anticipazione del 20% sul prezzo del contratto di fornitura se la fornitura non viene eseguita.',
    notes: '',
  });
  await call(fid, 'POST', `/api/practices/fideiussioni/${advance}/take`);
  await move(fid, advance, 'notEmitted', { reason: 'Affidamento non concesso: servono i bilanci degli ultimi due esercizi depositati.' }, 'fideiussioni');

  // Luce e gas and GPL: activations in every state, worked by their brokers.
  // The corner uploads the documents the chosen offer requires (the broker starts work only with them).
  const offerDocs = async (sector: TSectorSlug, practice: string) => {
    const { requiredDocs } = await call<{ requiredDocs: { docType: string; label: string }[] }>(persona, 'GET', `/api/practices/${sector}/${practice}`);
    for (const doc of requiredDocs) await upload(persona, practice, doc.docType, `${doc.label}.pdf`, [doc.label, 'Documento dimostrativo'], sector);
  };
  const work = async (sector: TSectorSlug, session: TSession, practice: string, steps: readonly [string, Record<string, unknown>][]) => {
    await call(session, 'POST', `/api/practices/${sector}/${practice}/take`);
    if (steps.some(([to]) => to === 'processing')) await offerDocs(sector, practice);
    // An activation is not dated before its request (issue 26 point 4): the demo's past activations had older requests.
    const activationDate = steps.find(([to]) => to === 'activated')?.[1].activationDate;
    if (typeof activationDate === 'string') {
      const requested = new Date(`${activationDate}T08:00:00Z`);
      await db.updateTable('practices').set({ created_at: requested }).where('id', '=', practice).where('created_at', '>', requested).execute();
    }
    for (const [to, payload] of steps) await move(session, practice, to, payload, sector);
  };
  const lg = await login('broker.luce-e-gas@demo.it');
  const lgBase = luceGasDefinition.example;
  const sarpi = { street: 'Via Paolo Sarpi', streetNumber: '14', postcode: '20154', comune: 'Milano', province: 'MI' };
  const dual = await openIn('luce-e-gas', persona, giulia, {
    ...lgBase,
    supplyAddress: sarpi,
    electricity: { pod: 'IT012E00456781', yearlyKwh: 2400, powerKw: 3, use: 'householdResident' },
    gas: { pdr: '01234567891234', yearlySmc: 950, use: 'heating' },
    currentSupplier: 'Enel Energia S.p.A.',
    offer: { id: 'luce-chiara-casa-dual' },
    sepa: { iban: 'IT94N0306909606100000063217', holderName: '', holderTaxCode: '' },
  });
  await work('luce-e-gas', lg, dual, [['processing', {}], ['activated', { activationDate: isoDay(-20) }]]);
  const voltura = await openIn('luce-e-gas', persona, luca, {
    ...lgBase,
    supplyAddress: { street: 'Via Toledo', streetNumber: '156', postcode: '80134', comune: 'Napoli', province: 'NA' },
    commodity: 'electricity',
    electricity: { pod: 'IT001E87654321', yearlyKwh: 1800, powerKw: 3, use: 'householdResident' },
    gas: null,
    operation: 'voltura',
    currentSupplier: '',
    offer: { id: 'luce-chiara-casa-luce' },
    sepa: { iban: 'IT70V0200803443000104567321', holderName: '', holderTaxCode: '' },
  });
  await work('luce-e-gas', lg, voltura, [['processing', {}]]);
  await openIn('luce-e-gas', persona, panificio, {
    ...lgBase,
    supplyAddress: { street: 'Via Toledo', streetNumber: '210', postcode: '80134', comune: 'Napoli', province: 'NA' },
    commodity: 'electricity',
    electricity: { pod: 'IT001E55501234', yearlyKwh: 38_000, powerKw: 30, use: 'otherUses' },
    gas: null,
    currentSupplier: 'A2A Energia S.p.A.',
    offer: { id: 'energia-nord-impresa-luce' },
    sepa: { iban: 'IT95K0503411701000000071845', holderName: '', holderTaxCode: '' },
    signedAtDistance: true,
  });
  const subentro = await openIn('luce-e-gas', persona, luca, {
    ...lgBase,
    supplyAddress: { street: 'Corso Umberto I', streetNumber: '40', postcode: '80138', comune: 'Napoli', province: 'NA' },
    commodity: 'gas',
    electricity: null,
    gas: { pdr: '00881234500017', yearlySmc: 600, use: 'household' },
    operation: 'subentro',
    currentSupplier: '',
    offer: { id: 'metano-italia-gas-casa' },
    sepa: { iban: 'IT70V0200803443000104567321', holderName: '', holderTaxCode: '' },
  });
  await work('luce-e-gas', lg, subentro, [['rejected', { reason: 'Il distributore segnala il contatore rimosso: serve un nuovo allaccio, correggi il tipo di operazione e invia di nuovo.' }]]);
  const ceased = await openIn('luce-e-gas', persona, giulia, {
    ...lgBase,
    supplyAddress: { street: 'Via Lungolago', streetNumber: '3', postcode: '22100', comune: 'Como', province: 'CO' },
    commodity: 'electricity',
    electricity: { pod: 'IT012E00987650', yearlyKwh: 900, powerKw: 3, use: 'householdNonResident' },
    gas: null,
    currentSupplier: 'Edison Energia S.p.A.',
    // A second home's indexed offer, clawed back if the supply ends within 6 months: it ends after four (the demo's clawback).
    offer: { id: 'energia-nord-seconda-casa' },
    sepa: { iban: 'IT94N0306909606100000063217', holderName: '', holderTaxCode: '' },
  });
  await work('luce-e-gas', lg, ceased, [['processing', {}], ['activated', { activationDate: isoDay(-120) }], ['ceased', { endDate: isoDay(-10), reason: 'La cliente ha venduto la casa al lago.' }]]);

  const gplBroker = await login('broker.gpl@demo.it');
  const gBase = gplDefinition.example;
  const bergamo = { street: 'Via dei Mille', streetNumber: '5', postcode: '24021', comune: 'Albino', province: 'BG' };
  const loanTank = await openIn('gpl', persona, giulia, { ...gBase, supplyAddress: bergamo, sepa: { iban: 'IT94N0306909606100000063217', holderName: '', holderTaxCode: '' } });
  await work('gpl', gplBroker, loanTank, [['processing', {}], ['activated', { activationDate: isoDay(-45) }]]);
  const cylinders = await openIn('gpl', persona, luca, {
    ...gBase,
    supplyAddress: { street: 'Via Roma', streetNumber: '21', postcode: '84010', comune: 'Furore', province: 'SA' },
    uses: ['cooking'],
    supplyKind: 'cylinders',
    tank: null,
    cylinderKg: 15,
    yearlyLitres: 200,
    payment: 'onDelivery',
    sepa: null,
    offer: { id: 'gas-valle-bombole' },
  });
  await work('gpl', gplBroker, cylinders, [['processing', {}]]);
  await openIn('gpl', persona, panificio, {
    ...gBase,
    supplyAddress: { street: 'Strada Provinciale 12', streetNumber: '8', postcode: '80040', comune: 'Terzigno', province: 'NA' },
    uses: ['heating', 'hotWater'],
    supplyKind: 'tankOwned',
    tank: { litres: 3000, underground: true },
    yearlyLitres: 6500,
    currentSupplier: 'Butan Gas S.p.A.',
    sepa: { iban: 'IT95K0503411701000000071845', holderName: '', holderTaxCode: '' },
    offer: { id: 'gpl-alpi-serbatoio-proprio' },
  });
  const rented = await openIn('gpl', persona, luca, {
    ...gBase,
    supplyAddress: { street: 'Via Nazionale', streetNumber: '77', postcode: '84010', comune: 'Positano', province: 'SA' },
    supplyKind: 'tankRented',
    propertyRented: true,
    ownerConsent: true,
    sepa: { iban: 'IT70V0200803443000104567321', holderName: '', holderTaxCode: '' },
  });
  await work('gpl', gplBroker, rented, [['rejected', { reason: 'Manca la planimetria con la posizione del serbatoio e le distanze di sicurezza: allegala e invia di nuovo.' }]]);
  const oldTank = await openIn('gpl', persona, giulia, {
    ...gBase,
    supplyAddress: { street: 'Via Valle Seriana', streetNumber: '2', postcode: '24021', comune: 'Albino', province: 'BG' },
    tank: { litres: 500, underground: false },
    yearlyLitres: 700,
    sepa: { iban: 'IT94N0306909606100000063217', holderName: '', holderTaxCode: '' },
  });
  await work('gpl', gplBroker, oldTank, [['processing', {}], ['activated', { activationDate: isoDay(-400) }], ['ceased', { endDate: isoDay(-20), reason: 'Passaggio al metano: la rete è arrivata in via Valle Seriana.' }]]);

  // Every sector without its own story above (a sector just added: its definition is all it has) shows a practice in
  // every state its transitions reach, made from its definition's examples.
  for (const slug of SECTOR_SLUGS) {
    const told = await db.selectFrom('practices').select('id').where('sector', '=', slug).limit(1).executeTakeFirst();
    if (told) continue;
    const sectorBroker = await login(brokerEmail(SECTORS[slug].brokerType));
    await loadDefinitionDemo(practiceDefinition(slug), { call, upload, corner: persona, broker: sectorBroker, clientId: giulia });
  }

  // Payments in every state (issue 27): the persona corner pays the Golf's premium and a policy of its own with one
  // transfer, and the admin confirms the policy's; the company corner's receipt is refused with a reason.
  const paymentId = async (description: string) =>
    (await db.selectFrom('payments').select('id').where('description', 'like', `${description}%`).orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id;
  const declarePaid = async (session: TSession, paymentIds: string[], receipt: string[]) => {
    const { payload, contentType } = await multipartOf({ name: 'Ricevuta bonifico.pdf', content: await pdfOf(receipt) }, { paymentIds });
    await call(session, 'POST', '/api/payments/declare', payload, contentType);
  };
  const golfPremium = await paymentId('Premio RC Auto Volkswagen Golf');
  const injury = await paymentId('Polizza infortuni del conducente');
  await declarePaid(persona, [golfPremium, injury], ['Bonifico SEPA a Broker Esempio S.r.l.', 'CRO 0301 2026 4412 7789', 'Premio Golf e polizza infortuni']);
  await call(admin, 'POST', `/api/admin/payments/${injury}/confirm`);
  const bond = await paymentId('Fideiussione locazione');
  await declarePaid(azienda, [bond], ['Bonifico SEPA', 'Importo 1.000,00 euro']);
  await call(admin, 'POST', `/api/admin/payments/${bond}/reject`, { reason: 'La ricevuta è di 1.000,00 € ma il pagamento è di 1.350,00 €: invia quella del saldo.' });

  // Money that moves: payouts, corrections, a referral (issue 27).
  await loadDemoMoney(app, db, { call, admin, persona, azienda });

  // The daily renewal job, run now: the Panda's policy is within the reminder window.
  await app.services.practices.renewals.run();
  // A scheduled run of the same job may be under way (an app with schedules): let it finish first.
  await app.jobs.drain();
  await app.services.practices.notifications.idle();
  await app.services.notifications.idle();

  const { count } = await db.selectFrom('practices').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return { practices: Number(count) };
};
