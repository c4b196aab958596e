import { Box, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { answerSections } from '../../../../shared/products/answer-rows';
import type { TQuestionnaire } from '../../../../shared/products/questionnaire';

/** As many columns of at least 16rem as fit: one on a phone, two or three on wider screens. */
const ROWS_GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))', gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)' } as const;

type TQuestionnaireAnswersProps = {
  /** The version the practice was filled with: its labels, options and conditions. */
  questionnaire: TQuestionnaire;
  answers: Readonly<Record<string, unknown>>;
  /** The level of the sections' headings (3 by default: inside a titled panel of a page). */
  headingOrder?: TitleOrder;
};

/**
 * A practice's answers read-only, by section, with the labels of the version it was filled with (`answerSections`:
 * the questions asked for these answers, amounts in euro, dates dd/mm/yyyy, options by label, «—» when unanswered).
 */
export const QuestionnaireAnswers = ({ questionnaire, answers, headingOrder = 3 }: TQuestionnaireAnswersProps) => {
  const sections = answerSections(questionnaire, answers);
  if (sections.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nessuna risposta al questionario.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {sections.map((section, sectionIndex) => (
        <Stack key={`${sectionIndex}-${section.title}`} gap="xs">
          <Title order={headingOrder} fz="sm" fw={700}>
            {section.title}
          </Title>
          <Box component="dl" m={0} style={ROWS_GRID}>
            {section.rows.map(([label, answer], rowIndex) => (
              <Stack key={`${rowIndex}-${label}`} gap={0}>
                <Text component="dt" size="xs" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  {answer}
                </Text>
              </Stack>
            ))}
          </Box>
        </Stack>
      ))}
    </Stack>
  );
};
