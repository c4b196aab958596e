import type { TDb } from '../../db/database';
import type { UserUpdate } from '../../db/types';

export const findProfileRow = (db: TDb, userId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'role', 'type', 'name', 'surname', 'business', 'vat', 'cf', 'tax_regime', 'has_employee', 'img_path', 'email', 'phone', 'broker_type'])
    .where('id', '=', userId)
    .executeTakeFirst();

export type TProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

export const updateProfileRow = (db: TDb, userId: string, values: UserUpdate) =>
  db.updateTable('users').set({ ...values, updated_at: new Date() }).where('id', '=', userId).execute();
