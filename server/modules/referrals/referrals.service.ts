import { randomInt } from 'node:crypto';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { addMonthsIso } from '../../../shared/practices/utility-offers';
import { getDisplayName } from '../../../shared/rules/display-name';
import { todayInItaly } from '../../../shared/rules/italian-day';
import { REFERRAL_MSG, ZReferralCode, type TReferralSettings, type TReferralsOverview } from '../../../shared/schemas/referrals';
import type { TDb } from '../../db/database';
import { requireAdmin, requireRole, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { findUserCards } from '../auth/users.repository';
import type { TReferralShareJob } from '../ledger/ledger.service';
import type { TLedgerService } from '../ledger/ledger.service';
import type { TNotificationsService } from '../notifications/notifications.service';
import type { TSettingsService } from '../settings/settings.service';
import * as repo from './referrals.repository';

const REFERRALS_LINK = '/pagamenti';
/** Letters and digits that cannot be mistaken for each other when read aloud or copied (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export type TReferralsService = ReturnType<typeof createReferralsService>;

/**
 * Referrals (issue 27): every corner's link, who registered through it (one level), what each earned it (the
 * ledger's referral shares, written by the ledger with each commission), and the rules (percent and months).
 */
export const createReferralsService = (
  { db, config, logger }: TServiceDeps,
  { ledger, settings, notifications }: { ledger: TLedgerService; settings: TSettingsService; notifications: TNotificationsService },
) => {
  /** The corner's code, made on first use (a taken code: another one). */
  const codeOf = async (cornerId: string, within: TDb = db): Promise<string> => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const existing = await repo.findCode(within, cornerId);
      if (existing) return existing.code;
      await repo.insertCode(within, cornerId, newCode()).catch(() => false);
    }
    throw new Error('referral code not stored after 5 attempts');
  };

  return {
    /** `GET /api/referrals`: the caller's link, its referrals with what each earned it. */
    overview: async (ctx: TRequestContext): Promise<TReferralsOverview> => {
      const actor = requireRole(ctx, ['corner']);
      const [code, rules, referrals, earnings] = await Promise.all([codeOf(actor.userId), settings.getReferralSettings(), repo.referralsOf(db, actor.userId), ledger.referralEarnings(actor.userId)]);
      const cards = new Map((await findUserCards(db, referrals.map((row) => row.referee_id))).map((card) => [card.id, card] as const));
      const list = referrals.map((row) => {
        const card = cards.get(row.referee_id);
        return {
          id: row.referee_id,
          name: card ? getDisplayName(card) : '',
          registeredAt: row.created_at,
          sharesUntil: addMonthsIso(todayInItaly(row.created_at), rules.months),
          earnedCents: earnings.get(row.referee_id) ?? 0,
        };
      });
      return {
        code,
        link: `${config.publicUrl}/registrati?ref=${code}`,
        settings: rules,
        list,
        totalEarnedCents: list.reduce((sum, item) => sum + item.earnedCents, 0),
      };
    },

    /**
     * A corner registered with a code (after its account's commit): it becomes the code owner's referral, told with
     * `new_referral`. An unknown code, or the corner's own, records nothing (the registration stands).
     */
    recordRegistration: async (refereeId: string, rawCode: string): Promise<void> => {
      const code = ZReferralCode.safeParse(rawCode);
      if (!code.success) return;
      const owner = await repo.ownerOfCode(db, code.data);
      if (!owner || owner.corner_id === refereeId) return;
      if (!(await repo.insertReferral(db, refereeId, owner.corner_id))) return;
      const [referee] = await findUserCards(db, [refereeId]);
      await notifications
        .notify('new_referral', [owner.corner_id], {
          title: REFERRAL_MSG.newReferralTitle,
          text: REFERRAL_MSG.newReferralText(referee ? getDisplayName(referee) : ''),
          link: REFERRALS_LINK,
          textLink: REFERRAL_MSG.openReferrals,
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'notifica di segnalazione non inviata'));
    },

    /** The job after a share's commit: the referrer reads what it earned (`new_ref_payment`). */
    notifyShare: async (job: TReferralShareJob) => {
      const [referee] = await findUserCards(db, [job.refereeId]);
      await notifications.notify('new_ref_payment', [job.referrerId], {
        title: REFERRAL_MSG.shareTitle,
        text: REFERRAL_MSG.shareText(referee ? getDisplayName(referee) : '', formatEuroCents(job.amountCents)),
        link: REFERRALS_LINK,
        textLink: REFERRAL_MSG.openReferrals,
      });
    },

    /** `GET /api/admin/referrals/settings`. */
    getSettings: async (ctx: TRequestContext): Promise<TReferralSettings> => {
      requireAdmin(ctx);
      return settings.getReferralSettings();
    },

    /** `PUT /api/admin/referrals/settings`: percent and months of the share (for commissions from now on). */
    saveSettings: async (ctx: TRequestContext, input: TReferralSettings) => {
      requireAdmin(ctx);
      await settings.setReferralSettings(input, ctx);
      return { message: REFERRAL_MSG.settingsSaved, settings: input };
    },
  };
};
