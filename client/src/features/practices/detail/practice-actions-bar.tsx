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

/**
 * "Prendi in carico" and the transitions the viewer may make now, each opening its dialog. Under them, what each
 * still needs (the server's reading of its requirements when the practice was fetched): a transition that needs
 * something looks secondary and names it, so the corner knows before the click; the server judges again at the click.
 */
export const PracticeActionsBar = ({ definition, practice, viewer, isTaking, onTake, onTransition }: TPracticeActionsBarProps) => {
  const offered = offeredTransitions(definition, practice, viewer);
  const blocked = [...new Set(offered.map((offer) => offer.blockedReason).filter((reason): reason is string => reason !== null))];
  const needs = offered.filter((offer) => offer.blockedReason === null && offer.missing.length > 0);
  const showTake = canTake(definition, practice, viewer);
  if (!showTake && offered.length === 0) return null;
  const needsId = (name: string) => `practice-needs-${name}`;
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="sm" justify="flex-end" role="group" aria-label="Azioni sulla pratica">
        {showTake && (
          <Button onClick={onTake} loading={isTaking}>
            Prendi in carico
          </Button>
        )}
        {offered.map(({ transition, blockedReason, missing }) => {
          const isWaiting = blockedReason === null && missing.length > 0;
          return (
            <Button
              key={transition.name}
              variant={isWaiting ? 'default' : isForward(transition, definition) ? 'filled' : 'light'}
              color={practiceStateColor(definition.sector, transition.to) === 'red' ? 'red' : undefined}
              disabled={blockedReason !== null}
              aria-describedby={isWaiting ? needsId(transition.name) : undefined}
              data-missing={isWaiting || undefined}
              onClick={() => onTransition(transition)}
            >
              {transition.label}
            </Button>
          );
        })}
      </Group>
      {blocked.map((reason) => (
        <Text key={reason} size="xs" c="dimmed">
          {reason}
        </Text>
      ))}
      {needs.map(({ transition, missing }) => (
        <Stack key={transition.name} id={needsId(transition.name)} gap={0} align="flex-end" maw={560} data-testid="practice-action-needs">
          <Text size="xs" fw={600} c="orange">
            Per «{transition.label}» serve ancora:
          </Text>
          {missing.map((reason) => (
            <Text key={reason} size="xs" c="dimmed" ta="right">
              {reason}
            </Text>
          ))}
        </Stack>
      ))}
    </Stack>
  );
};
