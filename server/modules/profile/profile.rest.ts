import type { FastifyInstance } from 'fastify';
import { ZUpdateProfileRequest } from '../../../shared/schemas/profile';
import { applyMergePatch } from '../../platform/merge-patch';
import { parseInput } from '../../platform/validate';

export const profileRest = async (app: FastifyInstance) => {
  app.get('/api/profile', async (request) => app.services.profile.get(request.ctx));
  // A merge patch (RFC 7396) of the profile's editable fields: only what is sent changes, the result is checked whole.
  app.patch('/api/profile', async (request) => {
    const { user } = await app.services.profile.get(request.ctx);
    const { type, name, surname, cf, business, vat, taxRegime, hasEmployee } = user;
    const current = { user: { type, name, surname, cf, business, vat }, taxRegime, hasEmployee };
    return app.services.profile.update(request.ctx, parseInput(ZUpdateProfileRequest, applyMergePatch(current, request.body ?? {})));
  });
};
