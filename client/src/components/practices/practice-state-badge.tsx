import { Badge } from '@mantine/core';
import { practiceDefinition } from '../../../../shared/practices/registry';
import type { TSectorSlug } from '../../../../shared/sectors';

/** The good outcomes, teal even where the practice can still move on (an activated supply may later cease). */
const SUCCESS_STATES: readonly string[] = ['emitted', 'activated'];

/** The colour of a state: the initial one blue, a good outcome teal, the others still open orange, the bad end red. */
export const practiceStateColor = (sector: TSectorSlug, state: string): string => {
  const definition = practiceDefinition(sector);
  if (state === definition.initial) return 'blue';
  if (SUCCESS_STATES.includes(state)) return 'teal';
  if (!definition.final.includes(state)) return 'orange';
  return /not|reject|cease/i.test(state) ? 'red' : 'teal';
};

/** A practice's state as people read it ("In quotazione"), coloured by where it stands. */
export const PracticeStateBadge = ({ sector, state, label }: { sector: TSectorSlug; state: string; label: string }) => (
  <Badge variant="light" color={practiceStateColor(sector, state)} style={{ textTransform: 'none' }}>
    {label}
  </Badge>
);
