import type { Generated } from 'kysely';

/** Every corner's referral code (made when first asked). */
export interface ReferralCodesTable {
  corner_id: string;
  code: string;
  created_at: Generated<Date>;
}

/** Who registered through whose link (one level: a referee has one referrer). */
export interface ReferralsTable {
  referee_id: string;
  referrer_id: string;
  created_at: Generated<Date>;
}

export type TReferralsTables = { referral_codes: ReferralCodesTable; referrals: ReferralsTable };

declare module '../../db/types' {
  interface Database extends TReferralsTables {}
}
