import { z } from 'zod';

/**
 * Referrals (issue 27): every corner has a link; whoever registers through it becomes its referral (one level, no
 * chains) and, for `months` from that day, earns the referrer `percent`% of each of its commissions as a ledger
 * entry (a clawed-back commission takes its share back with it).
 */
export const REFERRAL_MSG = {
  newReferralTitle: 'Nuovo corner segnalato',
  newReferralText: (name: string) => `${name} si è registrato con il tuo link di segnalazione.`,
  shareTitle: 'Quota di segnalazione',
  shareText: (name: string, amountLabel: string) => `Hai guadagnato ${amountLabel} sulle provvigioni di ${name}.`,
  shareDescription: (name: string, commission: string) => `Quota segnalazione di ${name}: ${commission}`,
  openReferrals: 'Apri le segnalazioni',
  codeInvalid: 'Codice di segnalazione non valido.',
  percentInvalid: 'Percentuale non valida: da 0 a 50.',
  monthsInvalid: 'Durata non valida: da 1 a 60 mesi.',
  settingsSaved: 'Regole delle segnalazioni salvate.',
} as const;

export const REFERRAL_DEFAULTS = { percent: 10, months: 12 } as const;

export const ZReferralSettings = z.object({
  percent: z.number({ error: REFERRAL_MSG.percentInvalid }).min(0, { error: REFERRAL_MSG.percentInvalid }).max(50, { error: REFERRAL_MSG.percentInvalid }),
  months: z.number({ error: REFERRAL_MSG.monthsInvalid }).int({ error: REFERRAL_MSG.monthsInvalid }).min(1, { error: REFERRAL_MSG.monthsInvalid }).max(60, { error: REFERRAL_MSG.monthsInvalid }),
});
export type TReferralSettings = z.infer<typeof ZReferralSettings>;
/** `PUT /api/admin/referrals/settings`: the message to show and the rules saved. */
export const ZReferralSettingsSaved = z.object({ message: z.string(), settings: ZReferralSettings });

/** A referral code: 8 letters and digits without the ambiguous ones. */
export const ZReferralCode = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6,12}$/, { error: REFERRAL_MSG.codeInvalid }));

export const ZReferral = z.object({
  id: z.string(),
  name: z.string(),
  registeredAt: z.date(),
  /** The last day its commissions earn a share (Italian calendar). */
  sharesUntil: z.string(),
  earnedCents: z.number().int(),
});
export type TReferral = z.infer<typeof ZReferral>;

/** `GET /api/referrals`: the caller's link, its referrals and what each earned it. */
export const ZReferralsOverview = z.object({
  code: z.string(),
  link: z.string(),
  settings: ZReferralSettings,
  list: z.array(ZReferral),
  totalEarnedCents: z.number().int(),
});
export type TReferralsOverview = z.infer<typeof ZReferralsOverview>;
