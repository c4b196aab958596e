import { Checkbox, MultiSelect, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { isAsked, questionnaireSchemaOf, type TQuestion, type TQuestionnaireAnswers } from '../../../../../../shared/practices/questionnaire';
import { Dialog } from '../../../../components/dialog/dialog';
import { FormAlert } from '../../../../components/form-alert';
import { ApiError } from '../../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../../lib/api-error-display';
import { toast } from '../../../../lib/toast';
import { fromTrpcError } from '../../../../lib/trpc-error';

type TAnswers = Record<string, unknown> & { declined: boolean };

const emptyAnswers = (questions: readonly TQuestion[]): TAnswers => {
  const answers: TAnswers = { declined: false, notes: '' };
  for (const question of questions) {
    if (question.kind === 'multi') answers[question.key] = [];
    if (question.kind === 'yesNo' && question.details) answers[question.details.key] = '';
  }
  return answers;
};

const YesNo = ({ label, value, error, onChange }: { label: string; value: unknown; error?: string; onChange: (value: boolean) => void }) => (
  <Radio.Group label={label} value={value === true ? 'yes' : value === false ? 'no' : null} onChange={(next) => onChange(next === 'yes')} error={error} withAsterisk>
    <SimpleGrid cols={2} mt={4} maw={240}>
      <Radio value="yes" label="Sì" />
      <Radio value="no" label="No" />
    </SimpleGrid>
  </Radio.Group>
);

/**
 * The demands-and-needs questionnaire (Reg. IVASS 40/2018 art. 58), answered with the client before the pack is
 * sent, with the practice's sector's own questions (as the server presents them); the client may decline to
 * answer, and that is recorded instead.
 */
export const QuestionnaireDialog = ({
  opened,
  questions,
  initial,
  onClose,
  onSave,
}: {
  opened: boolean;
  questions: readonly TQuestion[];
  initial: TQuestionnaireAnswers | null;
  onClose: () => void;
  onSave: (answers: TQuestionnaireAnswers) => Promise<unknown>;
}) => {
  const schema = useMemo(() => questionnaireSchemaOf(questions), [questions]);
  const [answers, setAnswers] = useState<TAnswers>(() => emptyAnswers(questions));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setAnswers({ ...emptyAnswers(questions), ...(initial ?? {}) });
      setErrors({});
      setFailure(null);
    }
  }
  const set = (name: string, value: unknown) => {
    setAnswers((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
  };

  const confirm = async (): Promise<boolean> => {
    setFailure(null);
    const checked = schema.safeParse(answers);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) next[String(issue.path[0] ?? '_')] ??= issue.message;
      setErrors(next);
      return false;
    }
    try {
      await onSave(checked.data);
      toast('success', 'Questionario salvato.');
      return true;
    } catch (caught) {
      const error = fromTrpcError(caught);
      if (error instanceof ApiError && error.hasFields) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([path, messages]) => [path.replace(/^answers\./, '').split('.')[0]!, messages.join('\n')])));
      } else setFailure(describeError(caught));
      return false;
    }
  };

  const field = (question: TQuestion) => {
    if (!isAsked(question, answers)) return null;
    if (question.kind === 'choice') {
      return (
        <Select
          key={question.key}
          label={question.label}
          data={question.options}
          value={(answers[question.key] as string | undefined) ?? null}
          onChange={(value) => set(question.key, value ?? undefined)}
          error={errors[question.key]}
          required
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    if (question.kind === 'multi') {
      return (
        <MultiSelect
          key={question.key}
          label={question.label}
          data={question.options}
          value={(answers[question.key] as string[] | undefined) ?? []}
          onChange={(value) => set(question.key, value)}
          error={errors[question.key]}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    const details = question.details;
    return (
      <Stack key={question.key} gap="xs">
        <YesNo label={question.label} value={answers[question.key]} error={errors[question.key]} onChange={(value) => set(question.key, value)} />
        {details && answers[question.key] === true && (
          <TextInput label={details.label} value={(answers[details.key] as string | undefined) ?? ''} onChange={(event) => set(details.key, event.currentTarget.value)} maxLength={500} />
        )}
      </Stack>
    );
  };

  return (
    <Dialog opened={opened} onClose={onClose} title="Questionario delle esigenze e richieste" size="lg" onConfirm={confirm} labels={{ confirm: 'Salva' }}>
      <Stack gap="md">
        <FormAlert error={failure} />
        <Checkbox label="Il cliente non vuole rispondere al questionario" checked={answers.declined} onChange={(event) => set('declined', event.currentTarget.checked)} />
        {!answers.declined && questions.map(field)}
        <Textarea label="Note" value={(answers.notes as string | undefined) ?? ''} onChange={(event) => set('notes', event.currentTarget.value)} autosize minRows={2} maxLength={2000} />
      </Stack>
    </Dialog>
  );
};
