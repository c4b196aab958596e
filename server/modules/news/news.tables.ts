import type { Generated } from 'kysely';

export interface NewsTable {
  id: Generated<string>;
  title: string | null;
  text: string;
  /** When it goes live (publishFrom). */
  published_at: Generated<Date>;
  /** When it leaves the ticker (publishUntil); null: never. */
  publish_until: Date | null;
  pinned: Generated<boolean>;
  created_at: Generated<Date>;
  created_by: string | null;
  updated_at: Generated<Date>;
  /** When the browsers were told it went live / expired (the schedule job tells them once). */
  live_announced_at: Date | null;
  expiry_announced_at: Date | null;
}

/** The tables of module news by name (`news`). */
export type TNewsTables = {
  news: NewsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TNewsTables {}
}
