import type { ComponentType } from 'react';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { AltriRamiSummary, altriRamiFieldLabel } from '../sectors/altri-rami/altri-rami-summary';
import { FideiussioniSummary, fideiussioniFieldLabel } from '../sectors/fideiussioni/fideiussioni-summary';
import { RcaSummary, rcaFieldLabel } from '../sectors/rca/rca-summary';
import { GplSummary, gplFieldLabel } from '../sectors/gpl/gpl-summary';
import { LuceGasSummary, luceGasFieldLabel } from '../sectors/luce-e-gas/luce-gas-summary';

/** What the detail page takes from a sector's own folder: its summary card and the labels of its data fields. */
export type TSectorUi = { Summary: ComponentType<{ data: unknown; createdAt?: Date; expectedStartDate?: string | null }>; fieldLabel: (path: string) => string };

const SECTOR_UI: Partial<Record<TSectorSlug, TSectorUi>> = {
  rca: { Summary: RcaSummary, fieldLabel: rcaFieldLabel },
  gpl: { Summary: GplSummary, fieldLabel: gplFieldLabel },
  'luce-e-gas': { Summary: LuceGasSummary, fieldLabel: luceGasFieldLabel },
  'altri-rami': { Summary: AltriRamiSummary, fieldLabel: altriRamiFieldLabel },
  fideiussioni: { Summary: FideiussioniSummary, fieldLabel: fideiussioniFieldLabel },
};

/** The sector's summary and labels; a sector with a definition but no card yet shows its data's labels as paths. */
export const sectorUi = (sector: TSectorSlug): TSectorUi => SECTOR_UI[sector] ?? { Summary: () => null, fieldLabel: (path) => path };
