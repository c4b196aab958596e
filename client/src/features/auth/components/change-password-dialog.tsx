// Contract placeholder (replaced in this same session): opened from the profile menu.
export type TChangePasswordDialogProps = { opened: boolean; onClose: () => void };
export const ChangePasswordDialog = (_props: TChangePasswordDialogProps) => null;
