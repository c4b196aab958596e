import type { FastifyInstance } from 'fastify';
import { ZReferralSettings } from '../../../shared/schemas/referrals';
import { parseInput } from '../../platform/validate';

/** REST of the referrals (issue 27): `GET /api/referrals`; admin `GET|PUT /api/admin/referrals/settings` `{percent, months}`. */
export const referralsRest = async (app: FastifyInstance) => {
  const { referrals } = app.services;
  app.get('/api/referrals', async (request) => referrals.overview(request.ctx));
  app.get('/api/admin/referrals/settings', async (request) => referrals.getSettings(request.ctx));
  app.put('/api/admin/referrals/settings', async (request) => referrals.saveSettings(request.ctx, parseInput(ZReferralSettings, request.body)));
};
