import type { TIconName } from '../../components/icons';
import { RCA_STATE_LABELS, type TBrokerType } from '../../../../shared/constants';
import { PATHS } from '../../lib/paths';

export type TSectorKey = 'rca' | 'altriRami' | 'fideiussioni' | 'luceGas' | 'gpl';

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

const RCA_STATES = Object.values(RCA_STATE_LABELS).join(', ');
const UTILITY_STATES = 'inviata, in lavorazione, attivata o respinta';

/** The five sectors of product.md, with the broker type of spec section 3 that works each. */
export const SECTORS: Record<TSectorKey, TSectorInfo> = {
  rca: {
    label: 'RC Auto',
    path: PATHS.rca,
    icon: 'car',
    brokerType: 'RC Auto',
    description: 'Preventivi e polizze di responsabilità civile auto: veicolo, contraente, conducente e garanzie accessorie.',
    listText: `le pratiche RC Auto con il loro stato (${RCA_STATES}), le quotazioni ricevute e i documenti`,
  },
  altriRami: {
    label: 'Altri rami',
    path: PATHS.altriRami,
    icon: 'umbrella',
    brokerType: 'altri rami',
    description: 'Casa, infortuni, responsabilità professionale, viaggi, salute e gli altri rami, ciascuno con il suo questionario.',
    listText: 'le pratiche degli altri rami, per categoria, con le quotazioni e i documenti',
  },
  fideiussioni: {
    label: 'Fideiussioni',
    path: PATHS.fideiussioni,
    icon: 'file',
    brokerType: 'fideiussioni',
    description: 'Garanzie per affitti, contratti e appalti: richiesta, quotazione ed emissione.',
    listText: 'le richieste di fideiussione con il loro stato, le quotazioni e i documenti',
  },
  luceGas: {
    label: 'Luce e gas',
    path: PATHS.luceGas,
    icon: 'bolt',
    brokerType: 'luce e gas',
    description: 'Attivazioni di forniture di energia elettrica e gas: POD e PDR, offerta scelta, documenti.',
    listText: `le attivazioni luce e gas con il loro stato (${UTILITY_STATES})`,
  },
  gpl: {
    label: 'GPL',
    path: PATHS.gpl,
    icon: 'flame',
    brokerType: 'gpl',
    description: 'Attivazioni di forniture di GPL: indirizzo, serbatoio, consumi e offerta scelta.',
    listText: `le attivazioni GPL con il loro stato (${UTILITY_STATES})`,
  },
};

export const SECTOR_KEYS = Object.keys(SECTORS) as TSectorKey[];

export const sectorOfBroker = (type: TBrokerType): TSectorInfo =>
  Object.values(SECTORS).find((sector) => sector.brokerType === type) ?? SECTORS.rca;
