import { Checkbox, MultiSelect, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { RCA_COVER_LIST } from '../../../../../../shared/practices/quotation';
import {
  PRECONTRACT_ANSWERS,
  ZPrecontractQuestionnaire,
  type TPrecontractQuestionnaire,
} from '../../../../../../shared/schemas/precontract';
import { Dialog } from '../../../../components/dialog/dialog';
import { FormAlert } from '../../../../components/form-alert';
import { ApiError } from '../../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../../lib/api-error-display';
import { toast } from '../../../../lib/toast';
import { fromTrpcError } from '../../../../lib/trpc-error';

type TAnswers = Partial<TPrecontractQuestionnaire> & { declined: boolean; wantedCovers: TPrecontractQuestionnaire['wantedCovers'] };

const EMPTY: TAnswers = { declined: false, wantedCovers: [], otherPoliciesDetails: '', notes: '' };
const optionsOf = (answers: Record<string, string>) => Object.entries(answers).map(([value, label]) => ({ value, label }));
const COVER_OPTIONS = RCA_COVER_LIST.map(({ code, label }) => ({ value: code, label }));

type TChoiceName = 'need' | 'priority' | 'drivers' | 'yearlyKm' | 'instalments';
const CHOICES: { name: TChoiceName; label: string }[] = [
  { name: 'need', label: 'Di quale copertura ha bisogno il cliente?' },
  { name: 'priority', label: 'Che cosa conta di più per il cliente?' },
  { name: 'drivers', label: 'Chi guida il veicolo?' },
  { name: 'yearlyKm', label: 'Quanti chilometri percorre in un anno?' },
  { name: 'instalments', label: 'Come preferisce pagare il premio?' },
];

const YesNo = ({ label, value, error, onChange }: { label: string; value: boolean | undefined; error?: string; onChange: (value: boolean) => void }) => (
  <Radio.Group label={label} value={value === undefined ? null : value ? 'yes' : 'no'} onChange={(next) => onChange(next === 'yes')} error={error} withAsterisk>
    <SimpleGrid cols={2} mt={4} maw={240}>
      <Radio value="yes" label="Sì" />
      <Radio value="no" label="No" />
    </SimpleGrid>
  </Radio.Group>
);

/**
 * The demands-and-needs questionnaire (Reg. IVASS 40/2018 art. 58), answered with the client before the pack is
 * sent; the client may decline to answer, and that is recorded instead.
 */
export const QuestionnaireDialog = ({ opened, initial, onClose, onSave }: { opened: boolean; initial: TPrecontractQuestionnaire | null; onClose: () => void; onSave: (answers: TPrecontractQuestionnaire) => Promise<unknown> }) => {
  const [answers, setAnswers] = useState<TAnswers>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setAnswers(initial ?? EMPTY);
      setErrors({});
      setFailure(null);
    }
  }
  const set = <K extends keyof TAnswers>(name: K, value: TAnswers[K]) => {
    setAnswers((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
  };

  const confirm = async (): Promise<boolean> => {
    setFailure(null);
    const checked = ZPrecontractQuestionnaire.safeParse(answers);
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

  return (
    <Dialog opened={opened} onClose={onClose} title="Questionario delle esigenze e richieste" size="lg" onConfirm={confirm} labels={{ confirm: 'Salva' }}>
      <Stack gap="md">
        <FormAlert error={failure} />
        <Checkbox label="Il cliente non vuole rispondere al questionario" checked={answers.declined} onChange={(event) => set('declined', event.currentTarget.checked)} />
        {!answers.declined && (
          <>
            {CHOICES.map(({ name, label }) => (
              <Select
                key={name}
                label={label}
                data={optionsOf(PRECONTRACT_ANSWERS[name])}
                value={(answers[name] as string | undefined) ?? null}
                onChange={(value) => set(name, (value ?? undefined) as TAnswers[typeof name])}
                error={errors[name]}
                required
                comboboxProps={{ withinPortal: true }}
              />
            ))}
            {answers.need === 'withCovers' && (
              <MultiSelect
                label="Garanzie accessorie desiderate"
                data={COVER_OPTIONS}
                value={answers.wantedCovers}
                onChange={(value) => set('wantedCovers', value as TAnswers['wantedCovers'])}
                error={errors.wantedCovers}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <YesNo label="Ha altre polizze in corso sugli stessi rischi?" value={answers.otherPolicies} error={errors.otherPolicies} onChange={(value) => set('otherPolicies', value)} />
            {answers.otherPolicies && <TextInput label="Quali?" value={answers.otherPoliciesDetails ?? ''} onChange={(event) => set('otherPoliciesDetails', event.currentTarget.value)} maxLength={500} />}
            <YesNo label="Accetta la scatola nera per un premio più basso?" value={answers.acceptsBlackBox} error={errors.acceptsBlackBox} onChange={(value) => set('acceptsBlackBox', value)} />
          </>
        )}
        <Textarea label="Note" value={answers.notes ?? ''} onChange={(event) => set('notes', event.currentTarget.value)} autosize minRows={2} maxLength={2000} />
      </Stack>
    </Dialog>
  );
};
