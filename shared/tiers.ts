import { SECTORS, type TSectorKind, type TSectorSlug } from './sectors';

/**
 * A corner's tier (spec section 1): what it may open and earn. Bronze the utilities (luce e gas, GPL), silver the
 * insurance sectors (it requires registration in the RUI, the Italian register of intermediaries), gold both. Which
 * sectors a tier opens derives from the sectors' kind, so a new sector needs no change here.
 */
export const TIERS = ['bronze', 'silver', 'gold'] as const;
export type TTier = (typeof TIERS)[number];

export const TIER_LABELS: Record<TTier, string> = { bronze: 'Bronze', silver: 'Silver', gold: 'Gold' };

const KINDS_OF_TIER: Record<TTier, readonly TSectorKind[]> = { bronze: ['utility'], silver: ['insurance'], gold: ['utility', 'insurance'] };

/** The sections of the RUI register (A agents, B brokers, C direct producers, D banks, E collaborators, F ancillary). */
export const RUI_SECTIONS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type TRuiSection = (typeof RUI_SECTIONS)[number];
/** A RUI number: the section letter followed by 9 digits (E000123456). */
export const RUI_NUMBER_PATTERN = /^[A-F]\d{9}$/;

/** Whether a corner of `tier` may open practices of `sector`. A corner without a tier counts as gold (corners before tiers). */
export const isSectorInTier = (tier: TTier | null, sector: TSectorSlug): boolean => KINDS_OF_TIER[tier ?? 'gold'].includes(SECTORS[sector].kind);

/** The tiers a corner outside `sector` can move to, to open it (it keeps what it has: gold for a silver one). */
const upgradesFor = (sector: TSectorSlug): string => (SECTORS[sector].kind === 'insurance' ? 'Gold/Silver' : 'Gold');

/** Italian: why the corner cannot open a sector and what to do. */
export const tierRefusal = (tier: TTier | null, sector: TSectorSlug): string =>
  `Con il livello ${TIER_LABELS[tier ?? 'gold']} non puoi aprire pratiche ${SECTORS[sector].label}: sono disponibili con il livello ${upgradesFor(sector)}. Contatta l'amministrazione.`;

/** Italian: the sidebar's note beside a sector outside the corner's tier. */
export const tierUnavailableNote = (sector: TSectorSlug): string => `Disponibile con il livello ${upgradesFor(sector)}: contatta l'amministrazione`;
