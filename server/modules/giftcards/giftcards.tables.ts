import type { ColumnType, Generated } from 'kysely';

/** A category of the catalogue; names are unique whatever their case (a unique index on lower(name)). */
export interface GiftcardCategoriesTable {
  id: Generated<string>;
  name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A card a corner may choose: `national` (valid everywhere) or `municipal` (the shops of the comune it names). */
export interface GiftcardCatalogueTable {
  id: Generated<string>;
  kind: 'national' | 'municipal';
  category_id: string;
  /** The brand of a national card, the shop of a municipal one. */
  name: string;
  /** Set exactly for municipal cards (a check constraint). */
  comune_istat: string | null;
  address: Generated<string>;
  image_url: string | null;
  /** Euro cents, increasing. */
  denominations: number[];
  active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A corner's choice, and the comune whose municipal cards it sees; one row per corner. */
export interface GiftcardChoicesTable {
  corner_id: string;
  comune_istat: ColumnType<string | null, string | null | undefined, string | null>;
  giftcard_id: ColumnType<string | null, string | null | undefined, string | null>;
  chosen_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: Generated<Date>;
}

/** The tables of module giftcards by name (`giftcard_categories`, `giftcard_catalogue`, `giftcard_choices`). */
export type TGiftcardsTables = {
  giftcard_categories: GiftcardCategoriesTable;
  giftcard_catalogue: GiftcardCatalogueTable;
  giftcard_choices: GiftcardChoicesTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TGiftcardsTables {}
}
