import type { ComponentType } from 'react';
import type { TClientAddress } from '../../../../../shared/schemas/client-record';
import type { TSectorSlug } from '../../../../../shared/sectors';
import type { TIconName } from '../../../components/icons';

/**
 * What the client adds to a sector of the shared registry (shared/sectors.ts gives its label, route, broker type and
 * states), in two halves, each in the sector's own folder (`sectors/<slug>/`):
 * - its meta (`meta.ts`): plain data the sidebar, the home page and the list pages read, so it may sit in the first
 *   bundle;
 * - its module (`index.ts`): the request form, the summary card and the labels of its data fields, which import the
 *   sector's zod definition and stay in the chunks of the practice pages that show them.
 * Each half has one list typed complete over the slugs (meta-list.ts, module-list.ts): a sector missing from either,
 * or listed under another sector's key, does not compile.
 */

/** The light half of a sector on the client. */
export type TSectorClientMeta<S extends TSectorSlug = TSectorSlug> = {
  slug: S;
  /** Its icon in the sidebar and on the home page's card. */
  icon: TIconName;
  /**
   * Its place in the sidebar's "Clienti e settori" group (ascending; Clienti is 10), which is also the order of the
   * home page's cards (spec section 2).
   */
  navOrder: number;
  /** What the sector's page is for, in one line (the home page's card). */
  description: string;
  /** What the free search of its practices finds (the fields of its definition's `searchText`): the placeholder. */
  searchHint: string;
};

/** What every sector's request form takes (the create page and the edit dialog use it the same way). */
export type TSectorFormProps = {
  /** The practice's data to edit (a practice still editable); a new request starts empty. */
  initialData?: unknown;
  /** A new request: the chosen client's address (a supply request starts its supply address from it). */
  clientAddress?: TClientAddress | null;
  submitLabel: string;
  onSave: (data: Record<string, unknown>) => Promise<unknown>;
  onCancel?: () => void;
  isSaving: boolean;
  disabled?: boolean;
};

/** What the detail page gives a sector's summary card: the practice's data and the dates a utility one shows. */
export type TSectorSummaryProps = { data: unknown; createdAt?: Date; expectedStartDate?: string | null };

/** The heavy half of a sector on the client: what the create page and the practice's page take from its folder. */
export type TSectorModule<S extends TSectorSlug = TSectorSlug> = {
  slug: S;
  /** The request form (new practice, and editing a practice still editable). */
  Form: ComponentType<TSectorFormProps>;
  /** The card of the practice's data on its page. */
  Summary: ComponentType<TSectorSummaryProps>;
  /** The Italian name of a data field, for the history's "what changed" (dotted paths as the engine diffs them). */
  fieldLabel: (path: string) => string;
};

/** A list of one half per sector, keyed by slug: every sector once, each under its own slug. */
export type TSectorList<THalf extends { slug: TSectorSlug }> = { readonly [S in TSectorSlug]: THalf & { slug: S } };

/** A sector's meta, its slug kept literal so its list can check it stands under its own key. */
export const defineSectorMeta = <S extends TSectorSlug>(meta: TSectorClientMeta<S>): TSectorClientMeta<S> => meta;

/** A sector's module, its slug kept literal so its list can check it stands under its own key. */
export const defineSectorModule = <S extends TSectorSlug>(module: TSectorModule<S>): TSectorModule<S> => module;
