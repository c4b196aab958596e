import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../../shared/messages';
import { quotationExample } from '../../../../shared/practices/quotation';
import { CONTRACT_MSG } from '../../../../shared/schemas/contract';
import { PRECONTRACT_DOC_TYPES, PRECONTRACT_MSG, PRECONTRACT_QUESTIONNAIRE_EXAMPLE } from '../../../../shared/schemas/precontract';
import { useTestApp } from '../../../testing/test-app';
import type { AppRouter } from '../../../trpc/app-router';
import { CF, codeIn, EXAMPLE, practicesFixtures, url, type TUser } from '../testing/practices.fixtures';

const t = useTestApp();
const CLIENT_EMAIL = 'luca.bianchi@example.it';
const { call, user, signContract, uploadDocs, completeIntermediary } = practicesFixtures(t, 'Mozilla/5.0 (Test) Precontrattuale tRPC');

/** The client's browser on the public page: the typed tRPC client, no session. */
const anonymous = createTRPCClient<AppRouter>({
  links: [
    httpLink({
      url: 'http://localhost/trpc',
      transformer: superjson,
      fetch: async (target, init) => {
        const address = new URL(String(target));
        const response = await t.app.inject({
          method: (init?.method ?? 'GET') as 'GET' | 'POST',
          url: address.pathname + address.search,
          headers: { ...(init?.headers as Record<string, string>), 'user-agent': 'Mozilla/5.0 (Cliente)' },
          payload: init?.body as string | undefined,
        });
        return new Response(response.body, { status: response.statusCode, headers: response.headers as Record<string, string> });
      },
    }),
  ],
});
const page = anonymous.practices.precontract;

/** What a refused call answered: HTTP status, tRPC code and the Italian message. */
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => {
      throw new Error('the call was not refused');
    },
    (caught: unknown) => caught,
  );
  if (!(error instanceof TRPCClientError)) throw error;
  const data = error.data as { httpStatus: number; code: string; fields?: Record<string, string[]> };
  return { status: data.httpStatus, code: data.code, message: error.message, fields: data.fields };
};

/** Corner A's client with a practice taken by an RC Auto broker, a quotation chosen, the pack sent; answers the token mailed. */
const sentPack = async () => {
  await completeIntermediary();
  const a = await user('a@example.it', 'corner', 'Anna');
  const rca = await user('rca@example.it', 'broker', 'Rocco', 'RC Auto');
  await signContract(a);
  const clientId = (
    await t.database.db.insertInto('clients').values({ corner_id: a.id, type: 'persona', name: 'Luca', surname: 'Bianchi', cf: CF, email: CLIENT_EMAIL }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const created = await call('POST', '/api/practices/rca', a.cookie, { clientId, data: EXAMPLE });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: string }).id;
  await uploadDocs(a, id);
  expect((await call('POST', url(id, '/take'), rca.cookie)).statusCode).toBe(200);
  const quotation = await call('POST', url(id, '/quotations'), rca.cookie, quotationExample());
  expect(quotation.statusCode, quotation.body).toBe(201);
  expect((await call('POST', url(id, `/quotations/${(quotation.json() as { id: string }).id}/choose`), a.cookie)).statusCode).toBe(200);
  expect((await call('PUT', url(id, '/precontract/questionnaire'), a.cookie, PRECONTRACT_QUESTIONNAIRE_EXAMPLE)).statusCode).toBe(200);
  expect((await call('POST', url(id, '/precontract/send'), a.cookie)).statusCode).toBe(200);
  const mail = (await t.readMails()).filter((entry) => entry.to.includes(CLIENT_EMAIL) && entry.subject === PRECONTRACT_MSG.linkMailSubject).at(-1);
  const token = /\/firma-precontrattuale\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error('no link mailed');
  return { a, id, token };
};

const lastCode = async () => codeIn((await t.readMails()).filter((entry) => entry.to.includes(CLIENT_EMAIL) && entry.subject === PRECONTRACT_MSG.otpMailSubject).at(-1)?.body);
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const precontractOf = async (who: TUser, id: string) => (await call('GET', url(id, '/precontract'), who.cookie)).json() as { status: string; files: { docType: string }[] };

describe('public signing page over tRPC (practices.precontract.public*)', () => {
  it('shows the pack, sends a code, counts a wrong one, signs with the right one: the same answers as REST', async () => {
    const { a, id, token } = await sentPack();

    const view = await page.publicView.query({ token });
    expect(view).toMatchObject({ status: 'sent', clientName: 'Luca Bianchi', cornerName: 'Anna Rossi', maskedEmail: 'l***@example.it', otp: null, signedAt: null });
    expect(view.linkExpiresAt).toBeInstanceOf(Date);
    const rest = await t.app.inject({ method: 'GET', url: `/api/public/precontract/${token}` });
    expect(rest.json()).toEqual(JSON.parse(JSON.stringify(view)));

    // Signing before any code was sent is refused like over REST.
    expect((await refusal(page.publicSign.mutate({ token, otp: '123456' }))).status).toBe(400);

    const sent = await page.publicSendCode.mutate({ token });
    expect(sent).toMatchObject({ message: PRECONTRACT_MSG.otpSent('l***@example.it'), maskedDestination: 'l***@example.it' });
    expect(sent.expiresAt).toBeInstanceOf(Date);
    const code = await lastCode();
    if (!code) throw new Error('no code mailed');
    expect((await page.publicView.query({ token })).otp).toMatchObject({ attemptsLeft: 5 });

    // A wrong code costs an attempt; a malformed one is refused by the schema and costs none.
    expect(await refusal(page.publicSign.mutate({ token, otp: otherCode(code) }))).toMatchObject({ status: 400, message: CONTRACT_MSG.otpWrong(4) });
    expect((await page.publicView.query({ token })).otp).toMatchObject({ attemptsLeft: 4 });
    expect(await refusal(page.publicSign.mutate({ token, otp: '12ab' }))).toMatchObject({ status: 400, fields: { otp: ['Il codice è formato da 6 cifre.'] } });
    expect((await page.publicView.query({ token })).otp).toMatchObject({ attemptsLeft: 4 });

    const signed = await page.publicSign.mutate({ token, otp: code });
    expect(signed.message).toBe(PRECONTRACT_MSG.signed);
    expect(signed.signedAt).toBeInstanceOf(Date);
    expect(await page.publicView.query({ token })).toMatchObject({ status: 'signed', otp: null, signedAt: signed.signedAt });
    const precontract = await precontractOf(a, id);
    expect(precontract.status).toBe('signed');
    expect(precontract.files.map((file) => file.docType)).toContain(PRECONTRACT_DOC_TYPES.signedByCode);

    // Once signed, neither a new code nor a second signature.
    expect(await refusal(page.publicSendCode.mutate({ token }))).toMatchObject({ status: 409, message: PRECONTRACT_MSG.linkSigned });
    expect(await refusal(page.publicSign.mutate({ token, otp: code }))).toMatchObject({ status: 409, message: PRECONTRACT_MSG.linkSigned });
  });

  it('answers another token like a missing one, and a malformed one with the same message', async () => {
    const { token } = await sentPack();
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const attempts = [() => page.publicView.query({ token: other }), () => page.publicSendCode.mutate({ token: other }), () => page.publicSign.mutate({ token: other, otp: '123456' })];
    for (const attempt of attempts) {
      expect(await refusal(attempt())).toMatchObject({ status: 404, code: 'NOT_FOUND', message: PRECONTRACT_MSG.linkInvalid });
    }
    expect(await refusal(page.publicView.query({ token: 'x'.repeat(43) }))).toMatchObject({ status: 404, message: PRECONTRACT_MSG.linkInvalid });
    expect(await refusal(page.publicView.query({ token: 'corto' }))).toMatchObject({ status: 400, message: PRECONTRACT_MSG.linkInvalid });
    // Nothing was sent for the wrong links.
    expect((await t.readMails()).filter((entry) => entry.subject === PRECONTRACT_MSG.otpMailSubject)).toEqual([]);
  });

  it('draws on the same per-address budget as the REST routes', async () => {
    const { token } = await sentPack();
    // 119 of the 120 calls of the window already spent by this address (app.inject comes from 127.0.0.1).
    await t.database.db.insertInto('rate_limits').values({ key: 'precontract-ip:127.0.0.1', points: 119, reset_at: new Date(Date.now() + 10 * 60 * 1000) }).execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/public/precontract/${token}` })).statusCode).toBe(200);
    expect(await refusal(page.publicView.query({ token }))).toMatchObject({ status: 429, message: MSG.tooManyRequests });
    expect(await refusal(page.publicSendCode.mutate({ token }))).toMatchObject({ status: 429 });
    expect((await t.readMails()).filter((entry) => entry.subject === PRECONTRACT_MSG.otpMailSubject)).toEqual([]);
  });
});
