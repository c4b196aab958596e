import type { FastifyInstance } from 'fastify';
import { ZAgenciesQuery, ZAgencyIdInput, ZAgencyPatch, ZCompaniesQuery, ZCompanyIdInput, ZCompanyPatch } from '../../../shared/schemas/insurers';
import { sendCreated } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';

type TIdParams = { Params: { id: string } };

/**
 * REST of the admin lists (issue 15 "Interfaces"): `GET|POST /api/admin/companies`, `GET|PATCH /api/admin/companies/:id`,
 * `GET|POST /api/admin/agencies`, `GET|PATCH /api/admin/agencies/:id`. Admins write; admins and brokers read.
 */
export const insurersRest = async (app: FastifyInstance) => {
  const { insurers } = app.services;
  // Brokers read the lists too (the role is checked before the query, app.ts).
  const readers = { config: { roles: ['admin', 'broker'] as const } };

  app.get('/api/admin/companies', readers, async (request) => insurers.companies.list(request.ctx, parseInput(ZCompaniesQuery, request.query ?? {})));
  app.post('/api/admin/companies', async (request, reply) => {
    const company = await insurers.companies.create(request.ctx, request.body);
    return sendCreated(reply, `/api/admin/companies/${company.id}`, company);
  });
  app.get<TIdParams>('/api/admin/companies/:id', readers, async (request) => insurers.companies.get(request.ctx, parseInput(ZCompanyIdInput, request.params).id));
  app.patch<TIdParams>('/api/admin/companies/:id', async (request) => insurers.companies.update(request.ctx, request.params.id, parseInput(ZCompanyPatch, request.body ?? {})));

  app.get('/api/admin/agencies', readers, async (request) => insurers.agencies.list(request.ctx, parseInput(ZAgenciesQuery, request.query ?? {})));
  app.post('/api/admin/agencies', async (request, reply) => {
    const agency = await insurers.agencies.create(request.ctx, request.body);
    return sendCreated(reply, `/api/admin/agencies/${agency.id}`, agency);
  });
  app.get<TIdParams>('/api/admin/agencies/:id', readers, async (request) => insurers.agencies.get(request.ctx, parseInput(ZAgencyIdInput, request.params).id));
  app.patch<TIdParams>('/api/admin/agencies/:id', async (request) => insurers.agencies.update(request.ctx, request.params.id, parseInput(ZAgencyPatch, request.body ?? {})));
};
