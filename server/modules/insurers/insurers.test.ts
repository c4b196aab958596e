import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { INSURERS_MSG } from '../../../shared/schemas/insurers';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

const t = useTestApp();
const PASSWORD = 'Segreta123';

const user = async (email: string, role: 'admin' | 'broker' | 'corner') => {
  await t.createUser({ email, password: PASSWORD, role, ...(role === 'broker' ? { brokerType: 'RC Auto' as const } : {}) });
  return { email, cookie: await t.login(email, PASSWORD) };
};
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('insurance companies (REST /api/admin/companies)', () => {
  it('comes preloaded with the insurers authorised in Italy, with their IVASS codes; admins and brokers read, corners do not', async () => {
    const admin = await user('admin@example.it', 'admin');
    const broker = await user('rca@example.it', 'broker');
    const corner = await user('corner@example.it', 'corner');
    const list = await call('GET', '/api/admin/companies', admin.cookie);
    expect(list.statusCode).toBe(200);
    const companies = list.json() as { name: string; ivassCode: string; active: boolean }[];
    expect(companies.length).toBeGreaterThanOrEqual(20);
    expect(companies).toContainEqual(expect.objectContaining({ name: 'Generali Italia S.p.A.', ivassCode: '1.00183', active: true }));
    expect(companies.map((company) => company.name)).toEqual([...companies.map((company) => company.name)].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));

    const search = (await call('GET', '/api/admin/companies?q=1.00183', broker.cookie)).json() as { name: string }[];
    expect(search.map((company) => company.name)).toEqual(['Generali Italia S.p.A.']);
    expect((await call('GET', '/api/admin/companies?q=unipol', broker.cookie)).json()).toHaveLength(1);
    expect((await call('GET', '/api/admin/companies', corner.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/companies', '')).statusCode).toBe(401);
  });

  it('only admins create and change; names and IVASS codes are unique; a deactivated company leaves the default list', async () => {
    const admin = await user('admin@example.it', 'admin');
    const broker = await user('rca@example.it', 'broker');
    expect((await call('POST', '/api/admin/companies', broker.cookie, { name: 'Assicurazioni Prova S.p.A.', ivassCode: '1.99901' })).statusCode).toBe(403);

    const created = await call('POST', '/api/admin/companies', admin.cookie, { name: '  Assicurazioni Prova S.p.A. ', ivassCode: '1.99901' });
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json() as { id: string; name: string; ivassCode: string; active: boolean };
    expect(company).toMatchObject({ name: 'Assicurazioni Prova S.p.A.', ivassCode: '1.99901', active: true });

    const sameName = await call('POST', '/api/admin/companies', admin.cookie, { name: 'ASSICURAZIONI PROVA S.P.A.' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ message: INSURERS_MSG.companyNameTaken, fields: { name: [INSURERS_MSG.companyNameTaken] } });
    const sameCode = await call('POST', '/api/admin/companies', admin.cookie, { name: 'Altra Prova S.p.A.', ivassCode: '1.00183' });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().fields).toEqual({ ivassCode: [INSURERS_MSG.ivassCodeTaken] });
    const badCode = await call('POST', '/api/admin/companies', admin.cookie, { name: 'Codice Strano S.p.A.', ivassCode: 'a b' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fields.ivassCode).toEqual([INSURERS_MSG.ivassCodeInvalid]);

    expect((await call('PATCH', `/api/admin/companies/${company.id}`, broker.cookie, { active: false })).statusCode).toBe(403);
    const deactivated = await call('PATCH', `/api/admin/companies/${company.id}`, admin.cookie, { active: false });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    // Only what was sent changed.
    expect(deactivated.json()).toMatchObject({ name: 'Assicurazioni Prova S.p.A.', ivassCode: '1.99901', active: false });
    const names = async (query = '') => ((await call('GET', `/api/admin/companies${query}`, broker.cookie)).json() as { name: string }[]).map((row) => row.name);
    expect(await names()).not.toContain('Assicurazioni Prova S.p.A.');
    expect(await names('?includeInactive=true')).toContain('Assicurazioni Prova S.p.A.');
    expect((await call('PATCH', '/api/admin/companies/00000000-0000-4000-8000-000000000000', admin.cookie, { active: true })).statusCode).toBe(404);
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'path']).where('action', 'like', 'insurer_%').orderBy('created_at').execute();
    expect(audit).toEqual([
      { action: 'insurer_company_created', path: `/api/admin/companies/${company.id}` },
      { action: 'insurer_company_updated', path: `/api/admin/companies/${company.id}` },
    ]);
  });

  it('through tRPC: brokers list, admins write, a broker write is refused', async () => {
    await user('admin@example.it', 'admin');
    await user('rca@example.it', 'broker');
    const admin = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    const broker = await createTrpcHttpCaller(t, 'rca@example.it', PASSWORD);
    const company = await admin.insurers.companies.create.mutate({ name: 'Compagnia tRPC S.p.A.', ivassCode: '' });
    expect(company.active).toBe(true);
    expect((await broker.insurers.companies.list.query({ q: 'trpc' })).map((row) => row.id)).toEqual([company.id]);
    await expect(broker.insurers.companies.create.mutate({ name: 'Non Ammessa S.p.A.', ivassCode: '' })).rejects.toBeInstanceOf(TRPCClientError);
    const renamed = await admin.insurers.companies.update.mutate({ id: company.id, company: { name: 'Compagnia tRPC Due S.p.A.' } });
    expect(renamed).toMatchObject({ name: 'Compagnia tRPC Due S.p.A.', active: true });
  });
});

describe('insurance agencies (REST /api/admin/agencies)', () => {
  it('admins create and change agencies of a company; codes unique per company; filters by company and text; brokers read only', async () => {
    const admin = await user('admin@example.it', 'admin');
    const broker = await user('rca@example.it', 'broker');
    const corner = await user('corner@example.it', 'corner');
    const companies = (await call('GET', '/api/admin/companies?q=generali italia', admin.cookie)).json() as { id: string }[];
    const generali = companies[0]!.id;
    const payload = { companyId: generali, name: 'Agenzia Milano Centro', code: 'MI001', city: 'Milano', email: 'Milano@Agenzia.IT', phone: '02 1234567' };
    expect((await call('POST', '/api/admin/agencies', broker.cookie, payload)).statusCode).toBe(403);
    const created = await call('POST', '/api/admin/agencies', admin.cookie, payload);
    expect(created.statusCode, created.body).toBe(201);
    const agency = created.json() as { id: string };
    expect(created.json()).toMatchObject({ companyId: generali, companyName: 'Generali Italia S.p.A.', name: 'Agenzia Milano Centro', code: 'MI001', email: 'milano@agenzia.it', active: true });

    const duplicate = await call('POST', '/api/admin/agencies', admin.cookie, { ...payload, name: 'Altra', code: 'mi001' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().fields).toEqual({ code: [INSURERS_MSG.agencyCodeTaken] });
    const badEmail = await call('POST', '/api/admin/agencies', admin.cookie, { ...payload, code: 'MI002', email: 'non-una-mail' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields.email).toBeDefined();
    const unknownCompany = await call('POST', '/api/admin/agencies', admin.cookie, { ...payload, code: 'X1', companyId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownCompany.statusCode).toBe(400);

    expect(((await call('GET', `/api/admin/agencies?companyId=${generali}`, broker.cookie)).json() as { id: string }[]).map((row) => row.id)).toEqual([agency.id]);
    expect((await call('GET', '/api/admin/agencies?q=milano', broker.cookie)).json()).toHaveLength(1);
    expect((await call('GET', '/api/admin/agencies?q=torino', broker.cookie)).json()).toHaveLength(0);
    expect((await call('GET', '/api/admin/agencies', corner.cookie)).statusCode).toBe(403);

    const patched = await call('PATCH', `/api/admin/agencies/${agency.id}`, admin.cookie, { active: false, city: 'Monza' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Agenzia Milano Centro', city: 'Monza', active: false });
    expect((await call('GET', '/api/admin/agencies', broker.cookie)).json()).toHaveLength(0);
    expect((await call('GET', '/api/admin/agencies?includeInactive=true', broker.cookie)).json()).toHaveLength(1);
    expect((await call('PATCH', `/api/admin/agencies/${agency.id}`, broker.cookie, { active: true })).statusCode).toBe(403);
  });
});
