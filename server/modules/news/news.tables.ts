import type { Generated } from 'kysely';

export interface NewsTable {
  id: Generated<string>;
  title: string | null;
  text: string;
  published_at: Generated<Date>;
  created_at: Generated<Date>;
  created_by: string | null;
}

/** The tables of module news by name (`news`). */
export type TNewsTables = {
  news: NewsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TNewsTables {}
}
