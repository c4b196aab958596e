import type { FastifyInstance, InjectOptions } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { quotationExample, type TQuotationInput } from '../../shared/practices/quotation';
import { rcaDefinition, type TRcaDataInput } from '../../shared/practices/rca';
import type { TDb } from '../db/database';
import { DEMO_PASSWORD } from './demo-data';

/**
 * The demo's RC Auto practices (issue 15), made through the public REST API as people would: requests, quotations
 * with their PDFs, documents, choices, asking for issue (after the demo corner signed its contract by code),
 * issue with the policy, a refusal, and the renewal job run once: practices in every state.
 */

const UA = 'Mozilla/5.0 (Dati dimostrativi)';
const day = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10);

type TSession = { cookie: string };

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
  const upload = async (session: TSession, practice: string, docType: string, name: string, lines: string[]) => {
    const { payload, contentType } = await multipartOf({ name, content: await pdfOf(lines) });
    await call(session, 'POST', `/api/practices/rca/${practice}/documents?docType=${docType}`, payload, contentType);
  };
  /** The contraente's identity document and tax code card, which the default rcaDocs require before asking for issue. */
  const identityDocs = async (session: TSession, practice: string, name: string) => {
    await upload(session, practice, 'identity_document', `Carta d’identità ${name}.pdf`, ['Carta d’identità elettronica', name]);
    await upload(session, practice, 'tax_code', `Tessera sanitaria ${name}.pdf`, ['Tessera sanitaria – codice fiscale', name]);
  };
  const quote = async (practice: string, company: string, premiumCents: number, changes: Partial<TQuotationInput> = {}) => {
    const quotation = { ...quotationExample(), company, premiumCents, ...changes };
    const { payload, contentType } = await multipartOf(
      { name: `Preventivo ${company}.pdf`, content: await pdfOf([`Preventivo RC Auto – ${company}`, `Premio annuo: ${(premiumCents / 100).toFixed(2).replace('.', ',')} €`, `Valido fino al ${quotation.validUntil}`]) },
      quotation,
    );
    return (await call(broker, 'POST', `/api/practices/rca/${practice}/quotations`, payload, contentType)).id;
  };
  const choose = (session: TSession, practice: string, quotation: string) => call(session, 'POST', `/api/practices/rca/${practice}/quotations/${quotation}/choose`);
  const move = (session: TSession, practice: string, to: string, payload: Record<string, unknown> = {}) => call(session, 'POST', `/api/practices/rca/${practice}/transition`, { to, ...payload });

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

  // The daily renewal job, run now: the Panda's policy is within the reminder window.
  await app.services.practices.renewals.run();
  // A scheduled run of the same job may be under way (an app with schedules): let it finish first.
  await app.jobs.drain();
  await app.services.practices.notifications.idle();
  await app.services.notifications.idle();

  const { count } = await db.selectFrom('practices').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return { practices: Number(count) };
};
