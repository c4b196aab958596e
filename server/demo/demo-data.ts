import { BROKER_TYPE_LABELS, BROKER_TYPES } from '../../shared/constants';
import type { TDb } from '../db/database';
import { hashPassword } from '../platform/passwords';
import { demoBook, demoCompany, demoPerson, type TDemoClient } from './demo-clients';
import { loadDemoGiftcards } from './demo-giftcards';

export const DEMO_PASSWORD = 'Demo12345';

/** The demo broker of a sector's broker type (`broker.rc-auto@demo.it`). */
export const brokerEmail = (type: string) => `broker.${type.toLowerCase().replace(/\s+/g, '-')}@demo.it`;

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.it', role: 'admin', label: 'Amministratore' },
  { email: 'corner.persona@demo.it', role: 'corner', label: 'Corner persona' },
  { email: 'corner.azienda@demo.it', role: 'corner', label: 'Corner azienda' },
  ...BROKER_TYPES.map((type) => ({ email: brokerEmail(type), role: 'broker', label: `Broker ${BROKER_TYPE_LABELS[type]}` })),
] as const;

/** Generated clients in each demo corner's book, besides the named ones the payments mention. */
export const DEMO_BOOK_SIZE = 147;

const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);

/**
 * Loads a living data set: an admin, a corner persona, a corner azienda, one broker per sector, clients,
 * news and payments. Idempotent: does nothing when the demo accounts already exist.
 */
export const loadDemoData = async (db: TDb): Promise<{ created: boolean }> => {
  const existing = await db.selectFrom('users').select('id').where('email', '=', 'corner.persona@demo.it').executeTakeFirst();
  if (existing) return { created: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();

  await db.transaction().execute(async (trx) => {
    const insert = (values: Parameters<ReturnType<typeof trx.insertInto<'users'>>['values']>[0]) =>
      trx.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
    const base = { password_hash: passwordHash, state: 'active', email_verified_at: now, privacy_accepted_at: now } as const;

    const admin = await insert({ ...base, email: 'admin@demo.it', role: 'admin', type: 'persona', name: 'Chiara', surname: 'Amministratrice', phone: '+390612345678' });
    const persona = await insert({
      ...base,
      email: 'corner.persona@demo.it',
      role: 'corner',
      type: 'persona',
      name: 'Mario',
      surname: 'Rossi',
      cf: 'RSSMRA85T10A562S',
      phone: '+393331234567',
    });
    const azienda = await insert({
      ...base,
      email: 'corner.azienda@demo.it',
      role: 'corner',
      type: 'azienda',
      name: 'Laura',
      surname: 'Ferri',
      business: 'Ferri Servizi Assicurativi Srl',
      vat: '01234560017',
      cf: '01234560017',
      tax_regime: 'Ordinario',
      has_employee: true,
      phone: '+390298765432',
    });
    const brokerNames: Record<string, [string, string]> = {
      'RC Auto': ['Paolo', 'Conti'],
      'altri rami': ['Elena', 'Greco'],
      fideiussioni: ['Marco', 'Barbieri'],
      gpl: ['Sara', 'Lombardi'],
      'luce e gas': ['Davide', 'Moretti'],
    };
    for (const type of BROKER_TYPES) {
      // A sector added after these names were chosen gets a broker named after it.
      const [name, surname] = brokerNames[type] ?? ['Broker', BROKER_TYPE_LABELS[type]];
      await insert({ ...base, email: brokerEmail(type), role: 'broker', type: 'persona', name, surname, broker_type: type });
    }

    const named = (cornerId: string, client: TDemoClient) => ({ ...client, corner_id: cornerId, created_by: cornerId });
    const clients = await trx
      .insertInto('clients')
      .values([
        named(persona.id, { ...demoPerson('Giulia', 'Bianchi', 'F', { year: 1990, month: 8, day: 1 }, 0), email: 'giulia.bianchi@example.it', notes: 'Preferisce essere contattata di sera.' }),
        named(persona.id, { ...demoPerson('Luca', 'Esposito', 'M', { year: 1978, month: 11, day: 23 }, 2), email: 'luca.esposito@example.it' }),
        named(persona.id, { ...demoCompany('Panificio Esposito Snc', 2), email: 'info@panificioesposito.it' }),
        named(azienda.id, { ...demoCompany('Trasporti Veloci Spa', 5), email: 'amministrazione@trasportiveloci.it' }),
        named(azienda.id, { ...demoPerson('Francesca', 'Ricci', 'F', { year: 1985, month: 4, day: 12 }, 5), email: 'f.ricci@example.it' }),
        named(azienda.id, { ...demoPerson('Giorgio', 'Marino', 'M', { year: 1962, month: 1, day: 30 }, 6), email: 'giorgio.marino@example.it' }),
      ])
      .returning('id')
      .execute();
    await trx
      .insertInto('clients')
      .values([
        ...demoBook(DEMO_BOOK_SIZE, 100).map((client) => named(persona.id, client)),
        ...demoBook(DEMO_BOOK_SIZE, 1000).map((client) => named(azienda.id, client)),
      ])
      .execute();
    await trx
      .insertInto('client_notes')
      .values([
        { client_id: clients[0]!.id, author_id: persona.id, text: 'Interessata a un preventivo RC Auto per la seconda auto.', created_at: daysFromNow(-6) },
        { client_id: clients[0]!.id, author_id: persona.id, text: 'Inviata la proposta della polizza casa.', created_at: daysFromNow(-1) },
        { client_id: clients[3]!.id, author_id: azienda.id, text: 'Rinnovo della fideiussione a fine mese.', created_at: daysFromNow(-3) },
      ])
      .execute();

    await trx
      .insertInto('payments')
      .values([
        { corner_id: persona.id, description: 'Polizza infortuni del conducente – Luca Esposito', amount_cents: 18_250, status: 'notPaied', due_date: daysFromNow(10) },
        { corner_id: persona.id, description: 'Polizza casa – Luca Esposito', amount_cents: 21_000, status: 'pending', due_date: daysFromNow(3) },
        { corner_id: persona.id, description: 'Polizza infortuni – Giulia Bianchi', amount_cents: 9_500, status: 'paied', paid_at: daysFromNow(-20) },
        { corner_id: azienda.id, description: 'Fideiussione locazione – Trasporti Veloci Spa', amount_cents: 135_000, status: 'notPaied', due_date: daysFromNow(15) },
        { corner_id: azienda.id, description: 'RC professionale – Francesca Ricci', amount_cents: 62_000, status: 'paied', paid_at: daysFromNow(-45) },
      ])
      .execute();

    await trx.insertInto('giftcards').values({ corner_id: persona.id, name: 'Buono carburante', amount_cents: 5_000, code: 'DEMO-CARB-0001' }).execute();
    await loadDemoGiftcards(trx, { persona: persona.id, azienda: azienda.id });

    await trx
      .insertInto('news')
      .values([
        // Live: a pinned one first, then the newest; a scheduled one for tomorrow (the schedule job announces it) and
        // an expired one, both listed only on /admin/notizie.
        { title: 'Benvenuto', text: 'La piattaforma è attiva: completa il profilo e firma il contratto nella sezione Documenti.', created_by: admin.id, published_at: daysFromNow(-2), pinned: true, live_announced_at: new Date() },
        { title: 'RC Auto', text: 'Nuove tariffe disponibili per autovetture e motocicli da questa settimana.', created_by: admin.id, published_at: daysFromNow(-1), live_announced_at: new Date() },
        { title: null, text: 'Luce e gas: offerte a prezzo fisso per 24 mesi per i clienti domestici.', created_by: admin.id, live_announced_at: new Date() },
        { title: 'Fideiussioni', text: 'Da domani le fideiussioni per locazione si chiedono anche dal telefono.', created_by: admin.id, published_at: daysFromNow(1) },
        {
          title: 'Manutenzione',
          text: 'La piattaforma è rimasta ferma per manutenzione dalle 22 alle 23.',
          created_by: admin.id,
          published_at: daysFromNow(-10),
          publish_until: daysFromNow(-9),
          live_announced_at: daysFromNow(-10),
          expiry_announced_at: daysFromNow(-9),
        },
      ])
      .execute();
    await trx
      .updateTable('settings')
      .set({ value: JSON.stringify({ iban: 'IT60X0542811101000000123456', beneficiary: 'Piattaforma Intermediari Srl', reason: 'Pagamento pratiche' }) })
      .where('key', '=', 'paymentDetails')
      .execute();
  });
  return { created: true };
};
