import type { ComponentType } from 'react';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { RcaSummary, rcaFieldLabel } from '../sectors/rca/rca-summary';

/** What the detail page takes from a sector's own folder: its summary card and the labels of its data fields. */
export type TSectorUi = { Summary: ComponentType<{ data: unknown }>; fieldLabel: (path: string) => string };

const SECTOR_UI: Partial<Record<TSectorSlug, TSectorUi>> = {
  rca: { Summary: RcaSummary, fieldLabel: rcaFieldLabel },
};

/** The sector's summary and labels; a sector with a definition but no card yet shows its data's labels as paths. */
export const sectorUi = (sector: TSectorSlug): TSectorUi => SECTOR_UI[sector] ?? { Summary: () => null, fieldLabel: (path) => path };
