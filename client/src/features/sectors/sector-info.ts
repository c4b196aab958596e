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
  /** What its list will hold, for the empty state. */
  listText: string;
};

/** The sector's states as people read them, from the shared registry. */
const statesText = (slug: TSectorSlug): string => Object.values(sectorBySlug(slug).states).join(', ');

/** What only the client adds to a sector of the registry: its icon and its texts. */
const CLIENT_INFO: Record<TSectorKey, Pick<TSectorInfo, 'icon' | 'description' | 'listText'>> = {
  rca: {
    icon: 'car',
    description: 'Preventivi e polizze di responsabilità civile auto: veicolo, contraente, conducente e garanzie accessorie.',
    listText: `le pratiche RC Auto con il loro stato (${statesText('rca')}), le quotazioni ricevute e i documenti`,
  },
  'altri-rami': {
    icon: 'umbrella',
    description: 'Casa, infortuni, responsabilità professionale, viaggi, salute e gli altri rami, ciascuno con il suo questionario.',
    listText: 'le pratiche degli altri rami, per categoria, con le quotazioni e i documenti',
  },
  fideiussioni: {
    icon: 'file',
    description: 'Garanzie per affitti, contratti e appalti: richiesta, quotazione ed emissione.',
    listText: 'le richieste di fideiussione con il loro stato, le quotazioni e i documenti',
  },
  'luce-e-gas': {
    icon: 'bolt',
    description: 'Attivazioni di forniture di energia elettrica e gas: POD e PDR, offerta scelta, documenti.',
    listText: `le attivazioni luce e gas con il loro stato (${statesText('luce-e-gas')})`,
  },
  gpl: {
    icon: 'flame',
    description: 'Attivazioni di forniture di GPL: indirizzo, serbatoio, consumi e offerta scelta.',
    listText: `le attivazioni GPL con il loro stato (${statesText('gpl')})`,
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
