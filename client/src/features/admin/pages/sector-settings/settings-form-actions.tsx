import { Button, Flex } from '@mantine/core';

type TSettingsFormActionsProps = {
  /**
   * The discard button's text and, when it would be ambiguous on the page, its accessible name, which must contain
   * the text as it reads ("Annulla modifiche RC Auto"): speech users say what they see (WCAG 2.5.3).
   */
  resetLabel: string;
  resetAriaLabel?: string;
  saveLabel: string;
  onReset: () => void;
  hasChanges: boolean;
  hasIssues: boolean;
  isSaving: boolean;
};

/** The footer of a settings form: discard the edits, save the changed keys (nothing to do without changes). */
export const SettingsFormActions = ({ resetLabel, resetAriaLabel, saveLabel, onReset, hasChanges, hasIssues, isSaving }: TSettingsFormActionsProps) => (
  <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
    <Button variant="default" onClick={onReset} disabled={!hasChanges || isSaving} aria-label={resetAriaLabel}>
      {resetLabel}
    </Button>
    <Button type="submit" loading={isSaving} disabled={!hasChanges || hasIssues}>
      {saveLabel}
    </Button>
  </Flex>
);
