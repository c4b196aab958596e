import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER_MSG } from '../../../shared/schemas/admin-users';
import { connectSocket, useListeningApp } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

const t = useTestApp();
const live = useListeningApp(t);
const PASSWORD = 'Segreta123';

const world = async () => {
  await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin', name: 'Anna', surname: 'Capo' });
  const corner = await t.createUser({ email: 'mario@example.it', password: PASSWORD, name: 'Mario', surname: 'Rossi', tier: 'bronze' });
  const broker = await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker', brokerType: 'gpl' });
  const admin = await t.login('admin@example.it', PASSWORD);
  return { admin, corner, broker };
};
const patch = (cookie: string, id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie }, payload });
const tierOf = async (id: string) => (await t.database.db.selectFrom('users').select(['tier', 'rui_section', 'rui_number', 'rui_verified_at', 'name', 'phone', 'broker_type']).where('id', '=', id).executeTakeFirstOrThrow());

describe('PATCH /api/admin/users/:id', () => {
  it('changes profile fields, the tier with the RUI registration and a broker’s sector; the admins get user_update', async () => {
    const { admin, corner, broker } = await world();
    const answer = await patch(admin, corner.id, { name: 'Marco', phone: '333 1234567', tier: 'silver', rui: { section: 'E', number: 'e000123456' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ id: corner.id, name: 'Marco', phone: '3331234567', tier: 'silver', rui: { section: 'E', number: 'E000123456' } });
    expect(await tierOf(corner.id)).toMatchObject({ tier: 'silver', rui_section: 'E', rui_number: 'E000123456', name: 'Marco' });
    expect((await tierOf(corner.id)).rui_verified_at).toBeInstanceOf(Date);

    expect((await patch(admin, broker.id, { brokerType: 'luce e gas' })).statusCode).toBe(200);
    expect((await tierOf(broker.id)).broker_type).toBe('luce e gas');

    const notes = await t.database.db.selectFrom('notifications').select(['kind']).where('kind', '=', 'user_update').execute();
    expect(notes.length).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/users/${corner.id}`, headers: { cookie: admin } })).json()).toMatchObject({ tier: 'silver' });
  });

  it('validates with Italian messages and writes nothing', async () => {
    const { admin, corner, broker } = await world();
    const cases: [string, object, string, string][] = [
      [corner.id, { tier: 'platinum' }, 'tier', ADMIN_USER_MSG.tier],
      [corner.id, { rui: { section: 'G', number: 'G000123456' } }, 'rui.section', ADMIN_USER_MSG.ruiSection],
      [corner.id, { rui: { section: 'E', number: 'E12345' } }, 'rui.number', ADMIN_USER_MSG.ruiNumber],
      [corner.id, { rui: { section: 'A', number: 'E000123456' } }, 'rui.number', ADMIN_USER_MSG.ruiMismatch],
      [corner.id, { tier: 'gold' }, 'tier', ADMIN_USER_MSG.ruiRequired],
      [corner.id, { vat: '12345678901' }, 'vat', 'Partita IVA non valida.'],
      [corner.id, { brokerType: 'gpl' }, 'brokerType', ADMIN_USER_MSG.brokerTypeOnlyBroker],
      [broker.id, { tier: 'gold' }, 'tier', ADMIN_USER_MSG.tierOnlyCorner],
    ];
    for (const [id, body, field, message] of cases) {
      const answer = await patch(admin, id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().fields?.[field], JSON.stringify(body)).toContain(message);
    }
    expect((await patch(admin, corner.id, {})).json().message).toBe(ADMIN_USER_MSG.nothingToChange);
    expect((await patch(admin, '00000000-0000-4000-8000-000000000000', { name: 'X' })).statusCode).toBe(404);
    expect(await tierOf(corner.id)).toMatchObject({ tier: 'bronze', rui_number: null, name: 'Mario' });
  });

  it('is refused to corners, brokers and guests, through REST and tRPC', async () => {
    const { corner } = await world();
    const mine = await t.login('mario@example.it', PASSWORD);
    expect((await patch(mine, corner.id, { tier: 'gold' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${corner.id}/invite`, headers: { cookie: mine } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${corner.id}/password-reset`, headers: { cookie: mine } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${corner.id}`, payload: { tier: 'gold' } })).statusCode).toBe(401);
    for (const email of ['mario@example.it', 'broker@example.it']) {
      const trpc = await createTrpcHttpCaller(t, email, PASSWORD);
      const refused = await trpc.admin.users.update.mutate({ userId: corner.id, tier: 'gold' }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TRPCClientError);
      expect((refused as TRPCClientError<never>).data).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await tierOf(corner.id)).tier).toBe('bronze');
  });

  it('through tRPC an admin raises the tier and the corner’s open connection is told to reload (syncSettings)', async () => {
    const { corner } = await world();
    const cornerCookie = await t.login('mario@example.it', PASSWORD);
    const socket = live.track(await connectSocket(live.baseUrl, { cookie: cornerCookie }));
    const trpc = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    const answer = await trpc.admin.users.update.mutate({ userId: corner.id, tier: 'gold', rui: { section: 'A', number: 'A000000001' } });
    expect(answer.tier).toBe('gold');
    await socket.waitFor('syncSettings');
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: cornerCookie } });
    expect(profile.json().user.tier).toBe('gold');
  });
});

describe('invitation and password reset sent by an admin', () => {
  it('resend the invitation and send the reset mail with a set-password link (REST and tRPC)', async () => {
    const { admin, corner } = await world();
    await t.readMails();
    const invite = await t.app.inject({ method: 'POST', url: `/api/admin/users/${corner.id}/invite`, headers: { cookie: admin } });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json().message).toBe(ADMIN_USER_MSG.inviteSent);
    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/users/${corner.id}/password-reset`, headers: { cookie: admin } });
    expect(reset.statusCode, reset.body).toBe(200);
    const trpc = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    expect(await trpc.admin.users.passwordReset.mutate({ userId: corner.id })).toEqual({ message: ADMIN_USER_MSG.resetSent });
    const mails = (await t.readMails()).filter((mail) => mail.to.includes('mario@example.it'));
    // The invitation says how long its link lasts (7 days); the reset mail's link lasts an hour.
    const invites = mails.filter((mail) => mail.body.includes('valido 7 giorni'));
    expect(invites).toHaveLength(1);
    expect(mails.filter((mail) => mail.subject === 'Reimposta la tua password')).toHaveLength(2);
    for (const mail of mails) expect(mail.body).toContain('/recupero-password?token=');

    // The link works: the corner chooses a password with it.
    const token = /recupero-password\?token=([\w-]+)/.exec(invites[0]!.body)![1];
    const chosen = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'NuovaSegreta1', confirmPassword: 'NuovaSegreta1' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await t.login('mario@example.it', 'NuovaSegreta1')).toBeTruthy();
  });

  it('refuses an inactive account', async () => {
    const { admin } = await world();
    const off = await t.createUser({ email: 'spento@example.it', password: PASSWORD, state: 'inactive' });
    const answer = await t.app.inject({ method: 'POST', url: `/api/admin/users/${off.id}/password-reset`, headers: { cookie: admin } });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/disattivo/);
  });
});
