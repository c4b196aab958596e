import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { SECTOR_LIST } from '../../../shared/sectors';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const PASSWORD = 'Segreta123';
const getPrefs = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/notification/preference', headers: { cookie } });

describe('GET /api/notification/preference: a broker sector comes from the sector registry', () => {
  it("gives each insurance broker its own sector's keys and refuses utility brokers", async () => {
    const seen: Record<string, unknown> = {};
    for (const [index, sector] of SECTOR_LIST.entries()) {
      const email = `broker${index}@example.it`;
      await t.createUser({ email, password: PASSWORD, role: 'broker', brokerType: sector.brokerType });
      const response = await getPrefs(await t.login(email, PASSWORD));
      seen[sector.brokerType] = response.statusCode === 200 ? Object.keys(response.json()).sort() : [response.statusCode, response.json().message];
    }
    const insurance = (prefix: string) => ['create', 'emission', 'history', 'newquotation', 'update', 'updatequotation'].map((event) => `${prefix}_${event}`);
    expect(seen).toEqual({
      'RC Auto': insurance('rca'),
      'altri rami': insurance('ar'),
      fideiussioni: insurance('f'),
      gpl: [403, MSG.notificationPreferencesUnavailable],
      'luce e gas': [403, MSG.notificationPreferencesUnavailable],
    });
  });

  it('answers a server error, not some sector panel, for a broker whose stored type is no sector', async () => {
    // Only damaged data can hold such a type (every input checks it against the sectors; the database no longer repeats the list).
    const { id } = await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker', brokerType: 'RC Auto' });
    const cookie = await t.login('broker@example.it', PASSWORD);
    await t.database.db.updateTable('users').set({ broker_type: 'assicurazioni' }).where('id', '=', id).execute();
    const response = await getPrefs(cookie);
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toBe(MSG.internal);
  });
});
