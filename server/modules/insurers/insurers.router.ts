import { z } from 'zod';
import { ZAgenciesQuery, ZAgency, ZAgencyInput, ZAgencyUpdate, ZCompaniesQuery, ZCompany, ZCompanyInput, ZCompanyUpdate } from '../../../shared/schemas/insurers';
import { adminProcedure, authedProcedure, router } from '../../trpc/trpc';

/** `insurers.*`: companies and agencies; admins and brokers read, admins write (checked by the service). */
export const insurersRouter = router({
  companies: router({
    list: authedProcedure
      .input(ZCompaniesQuery.optional())
      .output(z.array(ZCompany))
      .query(({ ctx, input }) => ctx.services.insurers.companies.list(ctx.ctx, input ?? {})),
    create: adminProcedure
      .input(ZCompanyInput)
      .output(ZCompany)
      .mutation(({ ctx, input }) => ctx.services.insurers.companies.create(ctx.ctx, input)),
    update: adminProcedure
      .input(ZCompanyUpdate)
      .output(ZCompany)
      .mutation(({ ctx, input }) => ctx.services.insurers.companies.update(ctx.ctx, input.id, input.company)),
  }),
  agencies: router({
    list: authedProcedure
      .input(ZAgenciesQuery.optional())
      .output(z.array(ZAgency))
      .query(({ ctx, input }) => ctx.services.insurers.agencies.list(ctx.ctx, input ?? {})),
    create: adminProcedure
      .input(ZAgencyInput)
      .output(ZAgency)
      .mutation(({ ctx, input }) => ctx.services.insurers.agencies.create(ctx.ctx, input)),
    update: adminProcedure
      .input(ZAgencyUpdate)
      .output(ZAgency)
      .mutation(({ ctx, input }) => ctx.services.insurers.agencies.update(ctx.ctx, input.id, input.agency)),
  }),
});
