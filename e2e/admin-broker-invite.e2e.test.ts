import { describe, expect, it } from 'vitest';
import { rcaDefinition } from '../shared/practices/rca';
import { ADMIN_USER_MSG } from '../shared/schemas/admin-users';
import { expectNoAxeViolations } from './a11y';
import { hasBrowser, useBrowserSuite } from './browser';
import { choose, openAs } from './practices-helpers';
import { ADMIN, CORNER_AZIENDA, CORNER_PERSONA, signIn, waitForShell } from './shell-helpers';

const NEW_BROKER = { email: 'sara.conti@example.it', name: 'Sara', surname: 'Conti', password: 'Broker67890' } as const;
/** The title the worklist gives the waiting RC Auto request seeded below. */
const WAITING_TITLE = rcaDefinition.title(rcaDefinition.example);

/**
 * Issue 28, users: the admin creates an RC Auto broker from the users page; the broker chooses its password from the
 * invitation e-mail, signs in and finds its sector's worklist. And the admin deletes an account through the
 * confirmation dialog (a corner with an open practice is refused there, nothing changed); the row shows 'eliminato'.
 */
describe.skipIf(!hasBrowser)('admin users: broker invitation and deletion', () => {
  const suite = useBrowserSuite({
    onReady: async (server) => {
      await server.createUser(ADMIN);
      await server.createUser(CORNER_AZIENDA);
      const corner = await server.createUser(CORNER_PERSONA);
      const client = await server.db.insertInto('clients').values({ corner_id: corner.id, type: 'persona', name: 'Giulia', surname: 'Verdi' }).returning('id').executeTakeFirstOrThrow();
      // One RC Auto request waiting to be taken, so the new broker's worklist is not empty.
      const practice = await server.db
        .insertInto('practices')
        .values({ sector: 'rca', client_id: client.id, corner_id: corner.id, state: 'quotating', data: JSON.stringify(rcaDefinition.example), search_text: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.db.insertInto('practice_events').values({ practice_id: practice.id, actor_id: corner.id, kind: 'created', to_state: 'quotating' }).execute();
    },
  });

  it('the admin creates an RC Auto broker; the broker sets its password from the invitation and sees its worklist', async () => {
    const url = suite.server.url;
    const admin = await openAs(suite, ADMIN);
    await admin.goto(`${url}/admin/gestione-utenti`);
    await admin.getByRole('heading', { name: 'Gestione utenti' }).waitFor();
    await admin.getByRole('button', { name: 'Nuovo utente' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Nuovo utente' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(NEW_BROKER.email);
    await choose(admin, dialog, 'Ruolo', 'Broker');
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(NEW_BROKER.name);
    await dialog.getByRole('textbox', { name: 'Cognome', exact: true }).fill(NEW_BROKER.surname);
    await choose(admin, dialog, 'Settore del broker', 'RC Auto');
    await dialog.getByRole('button', { name: 'Crea utente' }).click();
    await admin.getByText(`Utente creato: ${NEW_BROKER.email} riceverà il link per scegliere la password.`).waitFor();
    const row = admin.getByRole('row').filter({ hasText: NEW_BROKER.email });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Sara Conti[\s\S]*Broker[\s\S]*RC Auto[\s\S]*attivo/i);

    // The invitation e-mail carries the link to choose the password.
    const invitation = (await suite.server.readMails()).filter((mail) => mail.to.includes(NEW_BROKER.email)).at(-1);
    expect(invitation?.body).toContain('valido 7 giorni');
    const link = /https?:\/\/[^\s]+\/recupero-password\?token=[\w-]+/.exec(invitation?.body ?? '')?.[0];
    expect(link, 'the invitation link').toBeTruthy();

    const broker = await suite.openPage(new URL(link!).pathname + new URL(link!).search);
    await broker.getByLabel('Nuova password', { exact: true }).fill(NEW_BROKER.password);
    await broker.getByLabel('Conferma password', { exact: true }).fill(NEW_BROKER.password);
    await broker.getByRole('button', { name: 'Salva la password' }).click();
    await broker.waitForURL(`${url}/accedi`);
    await signIn(broker, url, NEW_BROKER);
    await waitForShell(broker);
    await broker.getByRole('heading', { name: 'Pratiche da lavorare' }).waitFor();
    const work = broker.getByRole('row').filter({ hasText: WAITING_TITLE });
    await work.waitFor();
    expect(await work.innerText()).toContain('Mario Rossi');
  });

  it('the admin deletes an account through the confirmation dialog; a corner with an open practice is refused there', async () => {
    const url = suite.server.url;
    const admin = await openAs(suite, ADMIN);
    await admin.goto(`${url}/admin/gestione-utenti`);

    // Mario has a request still open: the dialog says why it cannot be deleted, and nothing changes.
    await admin.getByRole('button', { name: 'Elimina Mario Rossi' }).click();
    const refused = admin.getByRole('dialog', { name: "Eliminare l'account di Mario Rossi?" });
    await refused.getByRole('button', { name: 'Elimina account' }).click();
    await refused.getByText(ADMIN_USER_MSG.cornerOpenPractices(1)).waitFor();
    await refused.getByRole('button', { name: 'Annulla' }).click();
    await refused.waitFor({ state: 'detached' });
    expect(await admin.getByRole('row').filter({ hasText: CORNER_PERSONA.email }).innerText()).toMatch(/\battivo\b/i);

    // Laura's company has nothing open: the dialog names it, says what is erased and what is kept.
    const business = CORNER_AZIENDA.business;
    await admin.getByRole('button', { name: `Elimina ${business}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Eliminare l'account di ${business}?` });
    await dialog.getByText('Cosa viene cancellato').waitFor();
    await dialog.getByText('Cosa resta conservato').waitFor();
    await dialog.getByText(/pratiche con storico e documenti/).waitFor();
    await expectNoAxeViolations(admin, 'users page, deletion dialog');
    await dialog.getByRole('textbox', { name: 'Motivo (facoltativo)' }).fill('Cessata attività');
    await dialog.getByRole('button', { name: 'Elimina account' }).click();
    await admin.getByText(ADMIN_USER_MSG.deleted).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Its row: pseudonymised, 'eliminato', no actions; the state filter finds it.
    const deletedRow = admin.getByRole('row').filter({ hasText: 'Utente eliminato' });
    await deletedRow.waitFor();
    expect(await deletedRow.innerText()).toMatch(/eliminato-[0-9a-f-]{36}@invalid[\s\S]*Corner[\s\S]*\beliminato\b/i);
    expect(await deletedRow.getByRole('button').count()).toBe(0);
    expect(await admin.getByRole('row').filter({ hasText: CORNER_AZIENDA.email }).count()).toBe(0);
    await choose(admin, admin, 'Stato', 'eliminato');
    await admin.waitForURL(/stato=deleted/);
    await expect.poll(() => admin.getByRole('row').filter({ hasText: '@invalid' }).count()).toBe(1);
  });
});
