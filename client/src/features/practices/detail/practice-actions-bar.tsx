import { Button, Group, Stack, Text } from '@mantine/core';
import type { TAnySectorDefinition, TTransitionDefinition } from '../../../../../shared/practices/definition';
import type { TPractice } from '../../../../../shared/schemas/practices';
import { canTake, offeredTransitions, type TPracticeViewer } from './practice-actions';
import { practiceStateColor } from '../../../components/practices/practice-state-badge';

type TPracticeActionsBarProps = {
  definition: TAnySectorDefinition;
  practice: TPractice;
  viewer: TPracticeViewer;
  isTaking: boolean;
  onTake: () => void;
  onTransition: (transition: TTransitionDefinition) => void;
};

/** A step towards the good end (not back to the start, not the refusal) is the page's main action. */
const isForward = (transition: TTransitionDefinition, definition: TAnySectorDefinition) =>
  transition.to !== definition.initial && practiceStateColor(definition.sector, transition.to) !== 'red';

/** "Prendi in carico" and the transitions the viewer may make now, each opening its dialog. */
export const PracticeActionsBar = ({ definition, practice, viewer, isTaking, onTake, onTransition }: TPracticeActionsBarProps) => {
  const offered = offeredTransitions(definition, practice, viewer);
  const blocked = [...new Set(offered.map((offer) => offer.blockedReason).filter((reason): reason is string => reason !== null))];
  const showTake = canTake(definition, practice, viewer);
  if (!showTake && offered.length === 0) return null;
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="sm" justify="flex-end" role="group" aria-label="Azioni sulla pratica">
        {showTake && (
          <Button onClick={onTake} loading={isTaking}>
            Prendi in carico
          </Button>
        )}
        {offered.map(({ transition, blockedReason }) => (
          <Button
            key={transition.name}
            variant={isForward(transition, definition) ? 'filled' : 'light'}
            color={practiceStateColor(definition.sector, transition.to) === 'red' ? 'red' : undefined}
            disabled={blockedReason !== null}
            onClick={() => onTransition(transition)}
          >
            {transition.label}
          </Button>
        ))}
      </Group>
      {blocked.map((reason) => (
        <Text key={reason} size="xs" c="dimmed">
          {reason}
        </Text>
      ))}
    </Stack>
  );
};
