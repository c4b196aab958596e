import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here. Default settings are the platform's starting values;
// admins change them from the settings pages.
const DEFAULT_SETTINGS: Record<string, unknown> = {
  profileDocs: [
    { key: 'contratto', name: 'Contratto di collaborazione', required: true, sign: true },
    { key: 'documento-identita', name: 'Documento di identità', required: true },
    { key: 'codice-fiscale', name: 'Tessera sanitaria / codice fiscale', required: true },
    { key: 'iscrizione-rui', name: 'Iscrizione al RUI', required: false },
  ],
  otherDocs: [],
  rcaDocs: [
    { key: 'libretto', name: 'Libretto di circolazione', required: true },
    { key: 'documento-proprietario', name: 'Documento del proprietario', required: true },
    { key: 'patente', name: 'Patente del conducente', required: false },
    { key: 'attestato-rischio', name: 'Attestato di rischio', required: false },
  ],
  altriRamiDocs: [{ key: 'documento-identita', name: 'Documento di identità del contraente', required: true }],
  rcaRevenue: { type: 'percent', value: 5 },
  altriRamiRevenue: { type: 'percent', value: 10 },
  rcaRange: { daysBeforeExpiry: 30 },
  rcaReproposal: { enabled: true, daysBeforeExpiry: 45 },
  rcaPrecontrattuale: false,
  aniaState: true,
  altriRamiConfig: {},
  aniaConfig: { enabled: true },
  rcaConfig: {
    covers: ['Incendio e furto', 'Assistenza stradale', 'Cristalli', 'Infortuni del conducente', 'Tutela legale', 'Eventi naturali', 'Kasko'],
    vehicleTypes: ['Autovettura', 'Motociclo', 'Ciclomotore', 'Autocarro'],
    uses: ['Privato', 'Professionale', 'Noleggio'],
  },
  fideiussioniConfig: { categories: ['Locazione', 'Appalti e contratti', 'Pagamenti', 'Garanzie doganali'] },
  gplConfig: { offers: [] },
  luceGasConfig: { offers: [] },
  rcaBots: [],
  altriRamiCategories: ['Casa', 'Infortuni', 'RC professionale', 'Viaggio', 'Salute', 'RC generale'],
  paymentDetails: { iban: '', beneficiary: '', reason: 'Pagamento pratiche' },
};

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('settings')
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('corner_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('persona', 'azienda')`))
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('surname', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('business', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('cf', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('vat', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('clients_corner_idx').on('clients').columns(['corner_id', 'surname', 'name']).execute();
  await db.schema.createIndex('clients_cf_idx').on('clients').column('cf').execute();
  await db.schema.createIndex('clients_vat_idx').on('clients').column('vat').execute();
  await db.schema.createIndex('clients_email_idx').on('clients').expression(sql`lower(email)`).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('corner_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('notPaied').check(sql`status in ('notPaied', 'paied', 'pending')`))
    .addColumn('due_date', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payments_corner_status_idx').on('payments').columns(['corner_id', 'status', 'created_at']).execute();

  await db.schema
    .createTable('giftcards')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('corner_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('giftcards_corner_idx').on('giftcards').columns(['corner_id', 'created_at']).execute();

  await db.schema
    .createTable('news')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text')
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('published_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (col) => col.references('users.id'))
    .execute();
  await db.schema.createIndex('news_published_idx').on('news').column('published_at').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['news', 'giftcards', 'payments', 'clients', 'settings']) {
    await db.schema.dropTable(table).execute();
  }
};
