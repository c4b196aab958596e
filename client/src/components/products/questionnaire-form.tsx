import { Fieldset, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { isRequiredFor, visibleQuestions } from '../../../../shared/products/answers';
import type { TQuestionnaire } from '../../../../shared/products/questionnaire';
import { todayInItaly } from '../../../../shared/rules/italian-day';
import type { TFileUploadTarget } from './file-answer-field';
import { QuestionField } from './question-field';
import { fieldMessage, withAnswer } from './questionnaire-values';

export { checkQuestionnaireAnswers } from './questionnaire-values';

/** A section's title reads as a heading over its questions. */
const LEGEND_STYLES = { legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-md)' } } as const;

export type TQuestionnaireFormProps = {
  questionnaire: TQuestionnaire;
  /** The answers so far. */
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  /**
   * Messages by question key (the server's, or `checkQuestionnaireAnswers`'s): each shown on its field until the user
   * changes that field; a new object shows them all again. Keep it in state (not built at each render).
   */
  errors?: Record<string, string>;
  disabled?: boolean;
  /** Checks each field as the user leaves it (answerSchemaOf) and shows the message; default true. */
  validateOnBlur?: boolean;
  /** The day relative dates are checked against (YYYY-MM-DD); Italy's today by default. */
  today?: string;
  /** Where file questions upload their file: the user's own documents (`POST /api/docs/upload`) by default. */
  fileUpload?: TFileUploadTarget;
};

/**
 * A product's questionnaire as a form (issue 29): each section a titled group, each question asked for the answers
 * so far the control of its type. Controlled: `value` holds raw answers (numbers as numbers, amounts in cents, dates
 * YYYY-MM-DD, a comune as `{ name, province, istat }`, a file by id); a blanked field's key is removed. Answers of
 * questions hidden by a change stay in `value`, so changing back brings them back; `checkQuestionnaireAnswers`
 * leaves them out of what is sent.
 */
export const QuestionnaireForm = ({ questionnaire, value, onChange, errors, disabled, validateOnBlur = true, today, fileUpload }: TQuestionnaireFormProps) => {
  const day = today ?? todayInItaly();
  // Fields left since their last change: their message shows (and follows the answers they depend on).
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  // Fields changed since the parent last passed errors: its error no longer describes what they hold.
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  // A new errors object (a new attempt to send, even with the same messages) shows every message again; keep it in
  // state, since an object built at each render would bring a message back at each key.
  const [errorsSeen, setErrorsSeen] = useState(errors);
  if (errors !== errorsSeen) {
    setErrorsSeen(errors);
    setChanged(new Set());
  }

  const visible = useMemo(() => new Set(visibleQuestions(questionnaire, value).map((question) => question.key)), [questionnaire, value]);

  const without = (set: ReadonlySet<string>, key: string) => {
    if (!set.has(key)) return set;
    const next = new Set(set);
    next.delete(key);
    return next;
  };
  const handleChange = (key: string, next: unknown) => {
    setLeft((set) => without(set, key));
    setChanged((set) => (set.has(key) ? set : new Set(set).add(key)));
    onChange(withAnswer(value, key, next));
  };
  const handleBlur = (key: string) => {
    if (validateOnBlur) setLeft((set) => (set.has(key) ? set : new Set(set).add(key)));
  };

  return (
    <Stack gap="lg">
      {questionnaire.sections.map((section) => {
        const questions = section.questions.filter((question) => visible.has(question.key));
        if (questions.length === 0) return null;
        return (
          <Fieldset key={section.key} legend={section.title} disabled={disabled} variant="default" style={{ minWidth: 0 }} styles={LEGEND_STYLES}>
            <Stack gap="md">
              {questions.map((question) => {
                const serverError = errors && Object.hasOwn(errors, question.key) && !changed.has(question.key) ? errors[question.key] : undefined;
                const ownError = validateOnBlur && left.has(question.key) ? (fieldMessage(questionnaire, question, value, day) ?? undefined) : undefined;
                return (
                  <QuestionField
                    key={question.key}
                    question={question}
                    value={Object.hasOwn(value, question.key) ? value[question.key] : undefined}
                    onChange={(next) => handleChange(question.key, next)}
                    onBlur={() => handleBlur(question.key)}
                    isRequired={isRequiredFor(question, value)}
                    error={serverError ?? ownError}
                    disabled={disabled}
                    upload={fileUpload}
                  />
                );
              })}
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
};
