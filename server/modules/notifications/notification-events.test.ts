import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp({ PUBLIC_URL: 'https://piattaforma.example.it' });
const PASSWORD = 'Segreta123';

const kindsOf = (userId: string) =>
  t.database.db.selectFrom('notifications').select(['kind', 'data']).where('user_id', '=', userId).orderBy('id').execute();

describe('events raised to the admins', () => {
  it('raises user_update to the admins when a corner updates its profile, not when an admin does', async () => {
    const admin = await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { user: { type: 'persona', name: 'Anna', surname: 'Neri', cf: '', business: '', vat: '' }, taxRegime: null, hasEmployee: false },
    });
    expect(response.statusCode).toBe(200);
    const rows = await kindsOf(admin.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('user_update');
    expect(rows[0]!.data).toMatchObject({ title: MSG.userUpdateTitle, link: '/admin/gestione-utenti?q=corner%40example.it' });
    expect(await kindsOf(corner.id)).toEqual([]);

    const adminCookie = await t.login('admin@example.it', PASSWORD);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: adminCookie },
      payload: { user: { type: 'persona', name: 'Capo', surname: 'Capi', cf: '', business: '', vat: '' }, taxRegime: null, hasEmployee: false },
    });
    expect(await kindsOf(admin.id)).toHaveLength(1);
  });

  it('raises new_broker to the admins when an admin creates a broker, not for a corner', async () => {
    const admin = await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const other = await t.createUser({ email: 'admin2@example.it', password: PASSWORD, role: 'admin' });
    const cookie = await t.login('admin@example.it', PASSWORD);
    const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/users', headers: { cookie }, payload });
    expect((await create({ email: 'broker@example.it', role: 'broker', type: 'persona', name: 'Bruno', surname: 'Verdi', brokerType: 'RC Auto' })).statusCode).toBe(201);
    expect((await create({ email: 'corner@example.it', role: 'corner', type: 'persona', name: 'Carla', surname: 'Bianchi' })).statusCode).toBe(201);
    for (const id of [admin.id, other.id]) {
      const rows = await kindsOf(id);
      expect(rows.map((row) => row.kind)).toEqual(['new_broker']);
      expect(rows[0]!.data).toMatchObject({ title: MSG.newBrokerTitle });
    }
  });

  it('keeps new_user on registration, stored with its kind', async () => {
    const admin = await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    await t.app.services.notifications.notifyNewUser({ email: 'nuovo@example.it', name: 'Nuovo Utente' });
    expect((await kindsOf(admin.id)).map((row) => row.kind)).toEqual(['new_user']);
  });
});

describe('e-mail for enabled events', () => {
  it('queues and sends one Italian e-mail per recipient with e-mail on, linking to PUBLIC_URL', async () => {
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    await t.app.services.notifications.notifyNewUser({ email: 'nuovo@example.it', name: 'Nuovo Utente' });
    const mails = await t.readMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('admin@example.it');
    expect(mails[0]!.subject).toContain(MSG.newUserTitle);
    expect(mails[0]!.body).toContain('Nuovo Utente (nuovo@example.it)');
    expect(mails[0]!.body).toContain('https://piattaforma.example.it/admin/gestione-utenti?q=nuovo%40example.it');
    const outbox = await t.database.db.selectFrom('email_outbox').selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(outbox[0]!.sent_at).toBeInstanceOf(Date);
  });

  it('sends nothing for an event with e-mail off, by default or by choice', async () => {
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    await t.app.services.notifications.notify('other', [corner.id], { title: 'Senza e-mail', text: 'x' });
    const cookie = await t.login('admin@example.it', PASSWORD);
    await t.app.inject({ method: 'PATCH', url: '/api/notification/preference', headers: { cookie }, payload: { pref: 'new_user', key: 'email', val: false } });
    await t.app.services.notifications.notifyNewUser({ email: 'nuovo@example.it', name: 'Nuovo' });
    expect(await t.readMails()).toEqual([]);
    expect(await t.database.db.selectFrom('email_outbox').selectAll().execute()).toEqual([]);
    // The in-app notifications are stored all the same.
    expect(await t.database.db.selectFrom('notifications').select('kind').orderBy('id').execute()).toEqual([{ kind: 'other' }, { kind: 'new_user' }]);
  });

  it('sends when the user turned e-mail on for an event that is off by default', async () => {
    const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    await t.app.inject({ method: 'PATCH', url: '/api/notification/preference', headers: { cookie }, payload: { pref: 'other', key: 'email', val: true } });
    await t.app.services.notifications.notify('other', [corner.id], { title: 'Con e-mail', text: ['uno', 'due'], link: '/notifiche' });
    const mails = await t.readMails();
    expect(mails.map((mail) => mail.to)).toEqual(['corner@example.it']);
    expect(mails[0]!.body).toContain('uno');
    expect(mails[0]!.body).toContain('https://piattaforma.example.it/notifiche');
  });
});
