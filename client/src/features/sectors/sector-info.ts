import type { TIconName } from '../../components/icons';
import type { TBrokerType } from '../../../../shared/constants';
import { sectorBySlug, sectorOfBrokerType, type TSectorSlug } from '../../../../shared/sectors';

export type TSectorKey = TSectorSlug;

export type TSectorInfo = {
  label: string;
  path: string;
  icon: TIconName;
  brokerType: TBrokerType;
  /** What the sector's page is for, in one line. */
  description: string;
};

/** What only the client adds to a sector of the registry: its icon and its texts. */
const CLIENT_INFO: Record<TSectorKey, Pick<TSectorInfo, 'icon' | 'description'>> = {
  rca: {
    icon: 'car',
    description: 'Preventivi e polizze di responsabilità civile auto: veicolo, contraente, conducente e garanzie accessorie.',
  },
  'altri-rami': {
    icon: 'umbrella',
    description: 'Casa, infortuni, responsabilità professionale, viaggi, salute e gli altri rami, ciascuno con il suo questionario.',
  },
  fideiussioni: {
    icon: 'file',
    description: 'Garanzie per affitti, contratti e appalti: richiesta, quotazione ed emissione.',
  },
  'luce-e-gas': {
    icon: 'bolt',
    description: 'Attivazioni di forniture di energia elettrica e gas: POD e PDR, offerta scelta, documenti.',
  },
  gpl: {
    icon: 'flame',
    description: 'Attivazioni di forniture di GPL: indirizzo, serbatoio, consumi e offerta scelta.',
  },
};

/** The sectors in the order of the sidebar (spec section 2). */
export const SECTOR_KEYS: TSectorKey[] = ['rca', 'altri-rami', 'fideiussioni', 'luce-e-gas', 'gpl'];

/** The five sectors of product.md: label, route and broker type from the shared registry, plus the client's own. */
export const SECTORS = Object.fromEntries(
  SECTOR_KEYS.map((slug) => {
    const { label, route, brokerType } = sectorBySlug(slug);
    return [slug, { label, path: route, brokerType, ...CLIENT_INFO[slug] }];
  }),
) as Record<TSectorKey, TSectorInfo>;

/** The sector a broker works; an unknown type throws (UnknownSectorError) instead of showing another sector. */
export const sectorOfBroker = (type: TBrokerType): TSectorInfo => SECTORS[sectorOfBrokerType(type).slug];
