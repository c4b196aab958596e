import type { TRole } from '../constants';

/** A file widget's option for delete or rename: allowed or not for everyone, or allowed for these roles. */
export type TFileRightOption = boolean | readonly TRole[];

export type TFileRightsInput = {
  /** Per-file flags (spec section 3); null or undefined when the file does not say. */
  file: { allowDelete?: boolean | null; allowEdit?: boolean | null };
  /** The signed-in user's role; null or undefined when unknown (signed out, still loading). */
  role?: TRole | null;
  /** The widget's (or the server's) options; unset means "any role". */
  options?: { canDelete?: TFileRightOption; canEdit?: TFileRightOption };
};

const decide = (flag: boolean | null | undefined, option: TFileRightOption | undefined, role: TRole | null | undefined): boolean => {
  // Without a role nothing is allowed, whatever the file says.
  if (!role) return false;
  if (flag === true || flag === false) return flag;
  if (option === undefined) return true;
  if (typeof option === 'boolean') return option;
  return option.includes(role);
};

/**
 * Document delete and edit (rename) rights of spec section 6: the per-file flags allowDelete and allowEdit
 * apply first; otherwise the option (a boolean, or a list of roles checked against the user's role). With no
 * role both are denied; with the option unset and a role present both are allowed. The server combines this
 * with ownership; the file widgets use it to show or hide their controls.
 */
export const fileRights = ({ file, role, options = {} }: TFileRightsInput): { canDelete: boolean; canEdit: boolean } => ({
  canDelete: decide(file.allowDelete, options.canDelete, role),
  canEdit: decide(file.allowEdit, options.canEdit, role),
});
