import type { InjectOptions } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../db/database';
import { DEMO_PASSWORD } from './demo-data';

type TSession = { cookie: string };
type TCall = <T = { id: string }>(session: TSession, method: InjectOptions['method'], url: string, payload?: unknown) => Promise<T>;

/** The platform's company data on receipts and invoices (a valid partita IVA; Milan's registered office). */
export const DEMO_PLATFORM_COMPANY = {
  denominazione: 'Piattaforma Intermediari S.r.l.',
  partitaIva: '12345670157',
  codiceFiscale: '12345670157',
  address: { street: 'Corso Buenos Aires 12', cap: '20124', comune: 'Milano', provincia: 'MI' },
  codiceDestinatario: 'M5UXCR1',
  pec: '',
};

/**
 * Money that moves (issue 27), through the platform's own REST doors: the platform's company data, the corners'
 * billing data, a referral who registered through the persona corner's link and whose commission earns it a share,
 * an admin's correction and a reversed mistake, and a payout of each kind (a gift card paid with its code, a
 * receipt to pay, an invoice paid by transfer).
 */
export const loadDemoMoney = async (
  app: FastifyInstance,
  db: TDb,
  { call, admin, persona, azienda }: { call: TCall; admin: TSession; persona: TSession; azienda: TSession },
) => {
  await call(admin, 'PUT', '/api/admin/payouts/company', DEMO_PLATFORM_COMPANY);
  await call(persona, 'PUT', '/api/payouts/profile', { address: 'Via Guido Monaco 18', postalCode: '52100', city: 'Arezzo', province: 'AR', iban: 'IT60X0542811101000000123456' });
  await call(azienda, 'PUT', '/api/payouts/profile', { address: 'Via Po 24', postalCode: '10123', city: 'Torino', province: 'TO', iban: 'IT94N0306909606100000063217' });
  const cornerId = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const personaId = await cornerId('corner.persona@demo.it');
  const aziendaId = await cornerId('corner.azienda@demo.it');

  // A referral: Sofia registers through Mario's link; her first commission earns him a share.
  const { code } = await call<{ code: string }>(persona, 'GET', '/api/referrals');
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'user-agent': 'Demo' },
    payload: { type: 'persona', name: 'Sofia', surname: 'Colombo', business: '', vat: '', email: 'sofia.colombo@demo.it', phone: '+39 347 555 1234', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, privacy: true, referralCode: code },
  });
  const sofia = await cornerId('sofia.colombo@demo.it');
  await db.updateTable('users').set({ state: 'active', email_verified_at: new Date(), cf: 'CLMSFO92M41F205Z' }).where('id', '=', sofia).execute();
  await db.transaction().execute((trx) =>
    app.services.ledger.append(trx, [{ cornerId: sofia, practiceId: null, sector: 'altri-rami', kind: 'commission', amountCents: 18_600, description: 'Provvigione polizza n. AR-2026-0412 (Casa e famiglia)', actorId: null }]),
  );
  await app.jobs.drain();

  // The admin's corrections: a production bonus, and a mistake booked then reversed.
  await call(admin, 'POST', '/api/admin/ledger', { cornerId: personaId, amountCents: 45_000, description: 'Bonus produzione terzo trimestre 2026' });
  await call(admin, 'POST', '/api/admin/ledger', { cornerId: aziendaId, amountCents: 180_000, description: 'Provvigioni fideiussioni 2025 non ancora registrate' });
  const mistake = await call(admin, 'POST', '/api/admin/ledger', { cornerId: aziendaId, amountCents: 12_000, description: 'Bonus produzione (registrato per errore)' });
  await call(admin, 'POST', `/api/admin/ledger/${mistake.id}/reverse`, { reason: 'il bonus spetta a un altro corner' });

  // Payouts of each kind: a gift card (paid with its code), a receipt to pay, an invoice paid by transfer.
  const giftcard = await call<{ payout: { id: string } }>(persona, 'POST', '/api/payouts', { amountCents: 5_000, method: 'giftcard' }).catch(() => null);
  if (giftcard?.payout) await call(admin, 'POST', `/api/admin/payouts/${giftcard.payout.id}/pay`, { giftcardCode: 'AMZ-7Q4K-92LM-X81P' });
  await call(persona, 'POST', '/api/payouts', { amountCents: 12_000, method: 'receipt' });
  const invoice = await call<{ payout: { id: string } }>(azienda, 'POST', '/api/payouts', { amountCents: 150_000, method: 'invoice' });
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
  await call(admin, 'POST', `/api/admin/payouts/${invoice.payout.id}/pay`, { transferDate: yesterday, reference: 'TRN 0306909606 2026 1126 4471' });
};
