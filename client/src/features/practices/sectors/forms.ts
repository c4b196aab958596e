import type { ComponentType } from 'react';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { RcaForm } from './rca/rca-form';

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
};
