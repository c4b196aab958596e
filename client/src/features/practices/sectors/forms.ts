import type { ComponentType } from 'react';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { AltriRamiForm } from './altri-rami/altri-rami-form';
import { FideiussioniForm } from './fideiussioni/fideiussioni-form';
import { RcaForm } from './rca/rca-form';
import { GplForm } from './gpl/gpl-form';
import { LuceGasForm } from './luce-e-gas/luce-gas-form';

/** What every sector's request form takes (the create page and the edit dialog use it the same way). */
export type TSectorFormProps = {
  /** The practice's data to edit (a practice still editable); a new request starts empty. */
  initialData?: unknown;
  submitLabel: string;
  onSave: (data: Record<string, unknown>) => Promise<unknown>;
  onCancel?: () => void;
  isSaving: boolean;
  disabled?: boolean;
};

/** The request form of each sector with a definition; a sector adds its own here. */
export const SECTOR_FORMS: Partial<Record<TSectorSlug, ComponentType<TSectorFormProps>>> = {
  rca: RcaForm,
  gpl: GplForm,
  'luce-e-gas': LuceGasForm,
  'altri-rami': AltriRamiForm,
  fideiussioni: FideiussioniForm,
};
