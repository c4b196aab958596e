import type { TIconName } from '../../../components/icons';
import type { TBrokerType } from '../../../../../shared/constants';
import { sectorBySlug, sectorOfBrokerType, type TSectorSlug } from '../../../../../shared/sectors';
import { SECTOR_CLIENT_META } from './meta-list';

export type TSectorKey = TSectorSlug;

export type TSectorInfo = {
  label: string;
  path: string;
  icon: TIconName;
  brokerType: TBrokerType;
  /** What the sector's page is for, in one line. */
  description: string;
};

/** The sectors in the order of the sidebar (spec section 2), which is their meta's `navOrder`. */
export const SECTOR_KEYS: readonly TSectorKey[] = Object.values(SECTOR_CLIENT_META)
  .sort((a, b) => a.navOrder - b.navOrder)
  .map((meta) => meta.slug);

/** The sectors of product.md: label, route and broker type from the shared registry, icon and description from their meta. */
export const SECTORS = Object.fromEntries(
  SECTOR_KEYS.map((slug) => {
    const { label, route, brokerType } = sectorBySlug(slug);
    const { icon, description } = SECTOR_CLIENT_META[slug];
    return [slug, { label, path: route, brokerType, icon, description }];
  }),
) as Record<TSectorKey, TSectorInfo>;

/** The sector a broker works; an unknown type throws (UnknownSectorError) instead of showing another sector. */
export const sectorOfBroker = (type: TBrokerType): TSectorInfo => SECTORS[sectorOfBrokerType(type).slug];

/** What the free search of a sector's practices finds, as its placeholder. */
export const sectorSearchHint = (sector: TSectorSlug): string => SECTOR_CLIENT_META[sector].searchHint;
