import type { TAccountState, TBrokerType, TRole, TUserType } from '../../shared/constants';
import type { TDb } from '../db/database';
import { hashPassword } from '../platform/passwords';

export type TUserFixture = {
  email: string;
  password: string;
  role?: TRole;
  type?: TUserType;
  name?: string;
  surname?: string;
  business?: string;
  vat?: string;
  cf?: string;
  phone?: string;
  taxRegime?: 'Forfettario' | 'Ordinario' | 'Semplificato' | null;
  state?: TAccountState;
  brokerType?: TBrokerType;
  /** When the account was made (default now): tests of "newest first" set it, as fast inserts can share a clock tick. */
  createdAt?: Date;
  /** A corner's tier (default gold, as every corner before tiers). */
  tier?: 'bronze' | 'silver' | 'gold';
};

/** Inserts a user straight into the database, as an admin or a migration would. */
export const insertUserFixture = async (db: TDb, input: TUserFixture): Promise<{ id: string }> => {
  const role = input.role ?? 'corner';
  return db
    .insertInto('users')
    .values({
      email: input.email.toLowerCase(),
      password_hash: await hashPassword(input.password),
      role,
      state: input.state ?? 'active',
      type: input.type ?? 'persona',
      name: input.name ?? 'Mario',
      surname: input.surname ?? 'Rossi',
      business: input.business ?? '',
      vat: input.vat ?? '',
      cf: input.cf ?? '',
      phone: input.phone ?? '',
      tax_regime: input.taxRegime ?? null,
      broker_type: role === 'broker' ? (input.brokerType ?? 'RC Auto') : null,
      tier: role === 'corner' ? (input.tier ?? 'gold') : null,
      email_verified_at: new Date(),
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
};

/** A valid self-registration of a persona corner (POST /api/auth/register). */
export const registrationFixture = (password: string, overrides: Record<string, unknown> = {}) => ({
  type: 'persona',
  name: 'Giulia',
  surname: 'Bianchi',
  email: 'giulia@example.it',
  phone: '+39 333 1234567',
  password,
  confirmPassword: password,
  privacy: true,
  ...overrides,
});
