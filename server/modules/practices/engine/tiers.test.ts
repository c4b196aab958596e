import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { practiceDefinition } from '../../../../shared/practices/registry';
import { tierRefusal } from '../../../../shared/tiers';
import { useTestApp } from '../../../testing/test-app';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { EXAMPLE, PASSWORD, practicesFixtures, type TUser } from '../testing/practices.fixtures';

const t = useTestApp();
const { call, corner, staff, clientOf, signContract } = practicesFixtures(t, 'Mozilla/5.0 (Test) Livelli', { rcaPack: 'waived' });
const LG_EXAMPLE = practiceDefinition('luce-e-gas').example;

const practicesOf = async (cornerId: string) => (await t.database.db.selectFrom('practices').select('sector').where('corner_id', '=', cornerId).execute()).map((row) => row.sector);

const setTier = async (admin: TUser, who: TUser, tier: 'bronze' | 'silver' | 'gold') => {
  const patched = await call('PATCH', `/api/admin/users/${who.id}`, admin.cookie, { tier, ...(tier === 'bronze' ? {} : { rui: { section: 'E', number: 'E000123456' } }) });
  expect(patched.statusCode, patched.body).toBe(200);
};

/** A corner with a signed contract and one client, at `tier`, and an admin. */
const world = async (tier: 'bronze' | 'silver' | 'gold') => {
  const admin = await staff('admin@example.it', 'admin');
  const a = await corner('a@example.it', 'Anna');
  await signContract(a);
  await setTier(admin, a, tier);
  return { admin, a, client: await clientOf(a.id) };
};

describe('a corner opens practices only in the sectors of its tier', () => {
  it('bronze: luce e gas yes, RC Auto no (REST and tRPC), with an Italian message and nothing written; raising the tier allows it at once', async () => {
    const { admin, a, client } = await world('bronze');
    const refused = await call('POST', '/api/practices/rca', a.cookie, { clientId: client, data: EXAMPLE });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(tierRefusal('bronze', 'rca'));
    expect(refused.json().message).toMatch(/livello Gold\/Silver.*amministrazione/);
    const trpc = await createTrpcHttpCaller(t, a.email, PASSWORD);
    const viaTrpc = await trpc.practices.create.mutate({ sector: 'rca', clientId: client, data: EXAMPLE }).catch((error: unknown) => error);
    expect(viaTrpc).toBeInstanceOf(TRPCClientError);
    expect((viaTrpc as TRPCClientError<never>).message).toBe(tierRefusal('bronze', 'rca'));
    expect((viaTrpc as TRPCClientError<never>).data).toMatchObject({ httpStatus: 403 });
    expect(await practicesOf(a.id)).toEqual([]);

    expect((await call('POST', '/api/practices/luce-e-gas', a.cookie, { clientId: client, data: LG_EXAMPLE })).statusCode).toBe(201);

    await setTier(admin, a, 'gold');
    expect((await call('POST', '/api/practices/rca', a.cookie, { clientId: client, data: EXAMPLE })).statusCode).toBe(201);
    expect((await practicesOf(a.id)).sort()).toEqual(['luce-e-gas', 'rca']);
  });

  it('silver: RC Auto yes, luce e gas and GPL no, even for an admin acting for the corner', async () => {
    const { admin, a, client } = await world('silver');
    for (const sector of ['luce-e-gas', 'gpl'] as const) {
      const refused = await call('POST', `/api/practices/${sector}`, a.cookie, { clientId: client, data: practiceDefinition(sector).example });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(tierRefusal('silver', sector));
    }
    expect((await call('POST', '/api/practices/luce-e-gas', admin.cookie, { clientId: client, data: LG_EXAMPLE })).statusCode).toBe(403);
    expect(await practicesOf(a.id)).toEqual([]);
    expect((await call('POST', '/api/practices/rca', a.cookie, { clientId: client, data: EXAMPLE })).statusCode).toBe(201);
  });

  it('gold opens both; the profile carries the tier', async () => {
    const { a, client } = await world('gold');
    expect((await call('POST', '/api/practices/rca', a.cookie, { clientId: client, data: EXAMPLE })).statusCode).toBe(201);
    expect((await call('POST', '/api/practices/luce-e-gas', a.cookie, { clientId: client, data: LG_EXAMPLE })).statusCode).toBe(201);
    const trpc = await createTrpcHttpCaller(t, a.email, PASSWORD);
    expect((await trpc.profile.get.query()).user.tier).toBe('gold');
  });
});
