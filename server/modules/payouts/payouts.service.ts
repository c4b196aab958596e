import { formatEuroCents } from '../../../shared/practices/quotation';
import { PAYOUT_TAX_MSG, invoiceAmounts, receiptAmounts, yearThresholdWarning } from '../../../shared/payouts/tax';
import { ZInvoiceDocument, ZReceiptDocument, type TInvoiceDocument, type TReceiptDocument } from '../../../shared/payouts/documents';
import { getDisplayName } from '../../../shared/rules/display-name';
import { todayInItaly } from '../../../shared/rules/italian-day';
import {
  PAYOUT_METHODS,
  PAYOUT_MSG,
  PLATFORM_COMPANY_MSG,
  ZPlatformCompany,
  type TAdminPayout,
  type TAdminPayouts,
  type TAdminPayoutsQuery,
  type TPayout,
  type TPayoutMethod,
  type TPayoutProfile,
  type TPayoutRequestInput,
  type TPayoutsOverview,
  type TPayPayoutBody,
  type TPlatformCompany,
} from '../../../shared/schemas/payouts';
import type { TDb } from '../../db/database';
import { requireAdmin, requireRole, type TActor, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { findProfileRow, findUserCards, type TProfileRow } from '../auth/users.repository';
import type { TGiftcardsService } from '../giftcards/giftcards.service';
import type { TLedgerService } from '../ledger/ledger.service';
import type { TNotificationsService } from '../notifications/notifications.service';
import type { TPaymentsService } from '../payments/payments.service';
import type { TSettingsService } from '../settings/settings.service';
import { buildFatturaPaXml } from './documents/fatturapa';
import { renderReceiptPdf } from './documents/receipt-pdf';
import * as repo from './payouts.repository';

const PAYOUTS_LINK = '/pagamenti';
const ADMIN_PAYOUTS_LINK = '/admin/pagamenti';

type TRow = NonNullable<repo.TPayoutRow>;

const toPayout = (row: TRow, giftcardCode: string | null): TPayout => ({
  id: row.id,
  cornerId: row.corner_id,
  method: row.method as TPayoutMethod,
  state: row.state as TPayout['state'],
  amountCents: Number(row.amount_cents),
  withholdingCents: Number(row.withholding_cents),
  stampCents: Number(row.stamp_cents),
  netCents: Number(row.net_cents),
  thresholdCrossed: row.threshold_crossed,
  number: row.number,
  year: row.year,
  giftcardName: row.giftcard_name,
  giftcardCode,
  transferDate: row.transfer_date,
  reference: row.reference,
  paidAt: row.paid_at,
  createdAt: row.created_at,
  documentUrl: row.method === 'giftcard' ? null : `/api/payouts/${row.id}/document`,
});

const notFound = () => new AppError('NOT_FOUND', { userMessage: PAYOUT_MSG.notFound });
const refused = (message: string, field?: string) => new AppError('VALIDATION', { userMessage: message, fields: field ? { [field]: [message] } : undefined });

/** Persons are paid by gift card or receipt, companies by invoice (spec section 1). */
const methodsOf = (profile: Pick<TProfileRow, 'type'>): TPayoutMethod[] => (profile.type === 'azienda' ? ['invoice'] : ['giftcard', 'receipt']);

const toProfile = (row: Awaited<ReturnType<typeof repo.findProfile>>): TPayoutProfile | null =>
  row ? { address: row.address, postalCode: row.postal_code, city: row.city, province: row.province, iban: row.iban } : null;

export type TPayoutsService = ReturnType<typeof createPayoutsService>;

/**
 * Payouts (issue 27): a corner asks to be paid part of what is available; the request, under the corner's ledger
 * lock, checks the available balance, freezes its document (receipt or invoice, with the taxes of shared/payouts)
 * and reserves the amount with a payout entry, all in one transaction, so racing requests never spend it twice.
 * The admin then pays it: a gift card code delivers the card, a transfer's date and reference close the others.
 */
export const createPayoutsService = (
  { db, logger }: TServiceDeps,
  {
    ledger,
    settings,
    notifications,
    payments,
    giftcards,
  }: { ledger: TLedgerService; settings: TSettingsService; notifications: TNotificationsService; payments: TPaymentsService; giftcards: TGiftcardsService },
) => {
  const tell = (work: () => Promise<unknown>) => work().catch((error: unknown) => logger.warn({ err: error }, 'notifica di pagamento non inviata'));

  const withCodes = async (rows: readonly TRow[]) => {
    const codes = await payments.giftcardCodes(rows.flatMap((row) => (row.giftcard_id ? [row.giftcard_id] : [])));
    return rows.map((row) => toPayout(row, row.giftcard_id ? (codes.get(row.giftcard_id) ?? null) : null));
  };

  const platformCompany = async (within: TDb): Promise<TPlatformCompany> => {
    const parsed = ZPlatformCompany.safeParse(await settings.getPlatformCompany(within));
    if (!parsed.success) throw new AppError('CONFLICT', { userMessage: PLATFORM_COMPANY_MSG.missing });
    return parsed.data;
  };

  /** The receipt's or the invoice's input, from the corner's profile and billing data and the platform's company. */
  const documentOf = async (
    trx: TDb,
    corner: TProfileRow,
    method: 'receipt' | 'invoice',
    values: { number: string; amountCents: number; yearTotalBeforeCents: number },
  ): Promise<TReceiptDocument | TInvoiceDocument> => {
    const profile = toProfile(await repo.findProfile(trx, corner.id));
    if (!profile) throw refused(PAYOUT_MSG.profileIncomplete, 'method');
    const company = await platformCompany(trx);
    const address = { street: profile.address, cap: profile.postalCode, comune: profile.city, provincia: profile.province };
    const payer = { denominazione: company.denominazione, partitaIva: company.partitaIva, codiceFiscale: company.codiceFiscale, address: company.address };
    const issueDate = todayInItaly();
    if (method === 'receipt') {
      const threshold = yearThresholdWarning(values.yearTotalBeforeCents, values.amountCents);
      const parsed = ZReceiptDocument.safeParse({
        number: values.number,
        issueDate,
        payee: { fullName: `${corner.name} ${corner.surname}`.trim(), codiceFiscale: corner.cf, address },
        payer,
        description: 'Provvigioni per attività di segnalazione occasionale',
        amounts: receiptAmounts(values.amountCents),
        yearTotalCents: threshold.yearTotalAfterCents,
        crossesYearThreshold: threshold.crosses,
      });
      if (!parsed.success) throw refused(PAYOUT_MSG.personDataIncomplete, 'method');
      return parsed.data;
    }
    const usesEmployees = corner.has_employee;
    const parsed = ZInvoiceDocument.safeParse({
      number: values.number,
      issueDate,
      progressivoInvio: values.number.replace(/\D/g, '').slice(-5),
      seller: { denominazione: corner.business, partitaIva: corner.vat, codiceFiscale: corner.cf || corner.vat, address, iban: profile.iban, regimeFiscale: corner.tax_regime === 'Forfettario' ? 'RF19' : 'RF01' },
      buyer: company,
      lines: [{ description: `Provvigioni su intermediazione assicurativa (fattura ${values.number})`, amountCents: values.amountCents }],
      usesEmployees,
      amounts: invoiceAmounts(values.amountCents, usesEmployees),
    });
    if (!parsed.success) throw refused(PAYOUT_MSG.companyDataIncomplete, 'method');
    return parsed.data;
  };

  const requireCornerProfile = async (actor: TActor, within: TDb) => {
    const corner = await findProfileRow(within, actor.userId);
    if (!corner) throw notFound();
    return corner;
  };

  /** The payout of the caller: its own (a corner) or any (an admin); another corner's answers like a missing one. */
  const readable = async (ctx: TRequestContext, id: string): Promise<TRow> => {
    const actor = requireRole(ctx, ['admin', 'corner']);
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findPayout(db, id) : undefined;
    if (!row || (actor.role === 'corner' && row.corner_id !== actor.userId)) throw notFound();
    return row;
  };

  const toAdminPayouts = async (rows: readonly TRow[]): Promise<TAdminPayout[]> => {
    const cards = new Map((await findUserCards(db, [...new Set(rows.map((row) => row.corner_id))])).map((card) => [card.id, card] as const));
    return (await withCodes(rows)).map((payout) => {
      const card = cards.get(payout.cornerId);
      return { ...payout, cornerName: card ? getDisplayName(card) : '', cornerType: card?.type ?? '' };
    });
  };

  return {
    /** `GET /api/payouts`: the corner's payouts, what it may ask and how, its year's occasional fees, its billing data. */
    overview: async (ctx: TRequestContext): Promise<TPayoutsOverview> => {
      const actor = requireRole(ctx, ['corner']);
      const corner = await requireCornerProfile(actor, db);
      const year = Number(todayInItaly().slice(0, 4));
      const [rows, balances, yearTotalCents, profile, chosen] = await Promise.all([
        repo.listOfCorner(db, actor.userId),
        ledger.balancesOf(actor.userId),
        repo.occasionalTotalOf(db, actor.userId, year),
        repo.findProfile(db, actor.userId),
        giftcards.chosenOf(actor.userId),
      ]);
      return { list: await withCodes(rows), ...balances, methods: methodsOf(corner), yearTotalCents, year, profile: toProfile(profile), giftcardName: chosen?.name ?? null };
    },

    /** `PUT /api/payouts/profile`: the corner's billing data for receipts and invoices. */
    saveProfile: async (ctx: TRequestContext, input: TPayoutProfile) => {
      const actor = requireRole(ctx, ['corner']);
      await repo.upsertProfile(db, actor.userId, input);
      return { message: PAYOUT_MSG.profileSaved, profile: input };
    },

    /** `POST /api/payouts`: reserves the amount (never more than available, checked under the corner's lock). */
    request: async (ctx: TRequestContext, input: TPayoutRequestInput): Promise<{ message: string; payout: TPayout; warning: string | null }> => {
      const actor = requireRole(ctx, ['corner']);
      const year = Number(todayInItaly().slice(0, 4));
      const { row, crosses, corner } = await db.transaction().execute(async (trx) => {
        const corner = await requireCornerProfile(actor, trx);
        if (!methodsOf(corner).includes(input.method)) throw refused(corner.type === 'azienda' ? PAYOUT_MSG.methodForCompanies : PAYOUT_MSG.methodForPersons, 'method');
        const chosen = input.method === 'giftcard' ? await giftcards.chosenOf(actor.userId, trx) : null;
        if (input.method === 'giftcard' && !chosen) throw refused(PAYOUT_MSG.giftcardNotChosen, 'method');
        await ledger.lockCorner(trx, actor.userId);
        const { availableCents } = await ledger.balancesOf(actor.userId, trx);
        if (availableCents <= 0) throw new AppError('CONFLICT', { userMessage: PAYOUT_MSG.nothingAvailable });
        if (input.amountCents > availableCents) throw refused(PAYOUT_MSG.exceedsAvailable(formatEuroCents(availableCents)), 'amountCents');
        const yearTotalBeforeCents = await repo.occasionalTotalOf(trx, actor.userId, year);
        let document: TReceiptDocument | TInvoiceDocument | null = null;
        let number: string | null = null;
        let amounts = { withholdingCents: 0, stampCents: 0, netCents: input.amountCents };
        if (input.method !== 'giftcard') {
          number = await repo.nextNumberOf(trx, actor.userId, input.method, year);
          document = await documentOf(trx, corner, input.method, { number, amountCents: input.amountCents, yearTotalBeforeCents });
          amounts = document.amounts;
        }
        const crosses = input.method !== 'invoice' && yearThresholdWarning(yearTotalBeforeCents, input.amountCents).crosses;
        const row = await repo.insertPayout(trx, {
          cornerId: actor.userId,
          method: input.method,
          amountCents: input.amountCents,
          withholdingCents: amounts.withholdingCents,
          stampCents: amounts.stampCents,
          netCents: amounts.netCents,
          thresholdCrossed: crosses,
          number,
          year,
          document,
          giftcardChoiceId: chosen?.id ?? null,
          giftcardName: chosen?.name ?? null,
        });
        await ledger.append(trx, [
          {
            cornerId: actor.userId,
            practiceId: null,
            sector: null,
            kind: 'payout',
            amountCents: -input.amountCents,
            description: `Pagamento richiesto: ${PAYOUT_METHODS[input.method]}${number ? ` n. ${number}` : chosen ? ` ${chosen.name}` : ''}`,
            actorId: actor.userId,
            payoutId: row.id,
          },
        ]);
        return { row, crosses, corner };
      });
      await tell(() =>
        notifications.notify('new_payment_request', { role: 'admin' }, {
          title: PAYOUT_MSG.requestTitle,
          text: PAYOUT_MSG.requestText(getDisplayName(corner), formatEuroCents(input.amountCents), PAYOUT_METHODS[input.method]),
          link: ADMIN_PAYOUTS_LINK,
          textLink: PAYOUT_MSG.openPayouts,
        }),
      );
      return {
        message: PAYOUT_MSG.requested,
        payout: toPayout(row, null),
        warning: crosses ? PAYOUT_TAX_MSG.yearThresholdCrossed(year) : null,
      };
    },

    /** `GET /api/payouts/:id`: one payout, the corner's own (another's answers like a missing one) or any for an admin. */
    get: async (ctx: TRequestContext, id: string): Promise<TPayout> => (await withCodes([await readable(ctx, id)]))[0]!,

    /** `GET /api/payouts/:id/document`: the receipt PDF or the invoice XML, frozen when asked. */
    document: async (ctx: TRequestContext, id: string): Promise<{ body: Buffer; mime: string; fileName: string }> => {
      const row = await readable(ctx, id);
      if (row.method === 'giftcard' || !row.document) throw new AppError('NOT_FOUND', { userMessage: PAYOUT_MSG.noDocument });
      const safeNumber = (row.number ?? row.id).replace(/\//g, '-');
      if (row.method === 'receipt') {
        return { body: await renderReceiptPdf(ZReceiptDocument.parse(row.document)), mime: 'application/pdf', fileName: `ricevuta-${safeNumber}.pdf` };
      }
      const invoice = ZInvoiceDocument.parse(row.document);
      return { body: Buffer.from(buildFatturaPaXml(invoice), 'utf8'), mime: 'application/xml', fileName: `IT${invoice.seller.partitaIva}_${invoice.progressivoInvio}.xml` };
    },

    /** `GET /api/admin/payouts`: payouts to make first, then those made, with the total still to pay. */
    adminList: async (ctx: TRequestContext, query: TAdminPayoutsQuery): Promise<TAdminPayouts> => {
      requireAdmin(ctx);
      const { rows, total, totalRequestedCents } = await repo.adminPage(db, { state: query.state, cornerId: query.cornerId }, query.page, query.limit);
      return { list: await toAdminPayouts(rows), total, totalRequestedCents };
    },

    /** `POST /api/admin/payouts/:id/pay`: a gift card's code (delivering the card) or a transfer's date and reference. */
    pay: async (ctx: TRequestContext, id: string, body: TPayPayoutBody): Promise<{ message: string; payout: TAdminPayout }> => {
      const actor = requireAdmin(ctx);
      if ('transferDate' in body && body.transferDate > todayInItaly()) throw refused(PAYOUT_MSG.transferDateInvalid, 'transferDate');
      const row = await db.transaction().execute(async (trx) => {
        const locked = /^[0-9a-f-]{36}$/i.test(id) ? await repo.lockPayout(trx, id) : undefined;
        if (!locked) throw notFound();
        if (locked.state !== 'requested') throw new AppError('CONFLICT', { userMessage: PAYOUT_MSG.notRequested });
        if ((locked.method === 'giftcard') !== 'giftcardCode' in body) throw refused(PAYOUT_MSG.wrongPayment);
        const giftcardId =
          'giftcardCode' in body
            ? await payments.deliverGiftcard(trx, { cornerId: locked.corner_id, name: locked.giftcard_name ?? 'Gift card', amountCents: Number(locked.amount_cents), code: body.giftcardCode })
            : null;
        return repo.markPaid(trx, id, {
          paidBy: actor.userId,
          giftcardId,
          transferDate: 'transferDate' in body ? body.transferDate : null,
          reference: 'reference' in body ? body.reference : null,
        });
      });
      await tell(() =>
        notifications.notify('ne_payment_confirm', [row.corner_id], {
          title: PAYOUT_MSG.paidTitle,
          text: PAYOUT_MSG.paidText(formatEuroCents(Number(row.amount_cents)), PAYOUT_METHODS[row.method as TPayoutMethod]),
          link: PAYOUTS_LINK,
          textLink: PAYOUT_MSG.openPayouts,
        }),
      );
      return { message: PAYOUT_MSG.paid, payout: (await toAdminPayouts([row]))[0]! };
    },

    /** `GET /api/admin/payouts/company`: the platform's company data for the documents (null until saved). */
    getCompany: async (ctx: TRequestContext): Promise<TPlatformCompany | null> => {
      requireAdmin(ctx);
      const parsed = ZPlatformCompany.safeParse(await settings.getPlatformCompany());
      return parsed.success ? parsed.data : null;
    },

    /** `PUT /api/admin/payouts/company`. */
    saveCompany: async (ctx: TRequestContext, input: TPlatformCompany) => {
      requireAdmin(ctx);
      await settings.setPlatformCompany(input, ctx);
      return { message: PLATFORM_COMPANY_MSG.saved, company: input };
    },
  };
};
