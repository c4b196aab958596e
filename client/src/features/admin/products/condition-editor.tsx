import { Group, MultiSelect, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { TCondition, TConditionOp, TQuestionInput } from '../../../../../shared/products/questionnaire';
import { OPERATOR_LABELS, operatorsFor } from './product-draft';

type TConditionEditorProps = {
  /** «Mostra solo se» or «Obbligatoria solo se». */
  title: string;
  condition: TCondition | undefined;
  /** The questions before this one: the only ones a condition may read. */
  earlier: readonly TQuestionInput[];
  onChange: (condition: TCondition | undefined) => void;
  /** The message on a field of the condition ('question', 'op', 'value', 'values.0', '' for the whole). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

const optionsOf = (question: TQuestionInput | undefined) => (question && (question.type === 'oneOf' || question.type === 'severalOf') ? question.options : []);
const nameOf = (question: TQuestionInput) => (question.label.trim() ? `${question.label.trim()} (${question.key})` : question.key);

/** The condition a new choice of question or operator starts with (a value the question may take). */
const conditionFor = (question: TQuestionInput, op: TConditionOp): TCondition => {
  const options = optionsOf(question);
  switch (op) {
    case 'equals':
      return { question: question.key, op, value: question.type === 'yesNo' ? true : options.length > 0 ? (options[0]?.value ?? '') : ['number', 'money', 'percent'].includes(question.type) ? 0 : '' };
    case 'in':
      return { question: question.key, op, values: options.length > 0 ? [options[0]?.value ?? ''] : [] };
    case 'gt':
    case 'lt':
      return { question: question.key, op, value: 0 };
    default:
      return { question: question.key, op };
  }
};

/** A condition on an earlier question: the question, an operator valid for its type, and a value among what it accepts. */
export const ConditionEditor = ({ title, condition, earlier, onChange, errorAt, disabled }: TConditionEditorProps) => {
  const target = condition ? earlier.find((question) => question.key === condition.question) : undefined;
  const hasEarlier = earlier.length > 0;
  const toggle = (isOn: boolean) => {
    if (!isOn) return onChange(undefined);
    const question = [...earlier].reverse().find((item) => item.type === 'yesNo') ?? earlier[earlier.length - 1];
    if (question) onChange(conditionFor(question, operatorsFor(question.type)[0] ?? 'answered'));
  };
  const options = optionsOf(target);
  const isMoney = target?.type === 'money';

  const valueField = () => {
    if (!condition || !target) return null;
    if (condition.op === 'in') {
      return (
        <MultiSelect
          label="Valori"
          data={options.map((option) => ({ value: option.value, label: option.label || option.value }))}
          value={condition.values.map(String)}
          onChange={(values) => onChange({ ...condition, values })}
          error={errorAt('values') ?? errorAt('values.0')}
          disabled={disabled}
          style={{ flex: 1, minWidth: 200 }}
        />
      );
    }
    if (condition.op !== 'equals' && condition.op !== 'gt' && condition.op !== 'lt') return null;
    const value = condition.value;
    if (target.type === 'yesNo') {
      return (
        <Select
          label="Valore"
          data={[
            { value: 'true', label: 'Sì' },
            { value: 'false', label: 'No' },
          ]}
          value={String(value)}
          onChange={(next) => onChange({ ...condition, value: next === 'true' } as TCondition)}
          allowDeselect={false}
          error={errorAt('value')}
          disabled={disabled}
          w={{ base: '100%', xs: 140 }}
        />
      );
    }
    if (options.length > 0) {
      return (
        <Select
          label="Valore"
          data={options.map((option) => ({ value: option.value, label: option.label || option.value }))}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange({ ...condition, value: next ?? '' } as TCondition)}
          allowDeselect={false}
          error={errorAt('value')}
          disabled={disabled}
          style={{ flex: 1, minWidth: 200 }}
        />
      );
    }
    if (['number', 'money', 'percent'].includes(target.type)) {
      const numeric = typeof value === 'number' ? value : Number.NaN;
      return (
        <NumberInput
          label={isMoney ? 'Valore (€)' : target.type === 'percent' ? 'Valore (%)' : 'Valore'}
          value={Number.isNaN(numeric) ? '' : isMoney ? numeric / 100 : numeric}
          onChange={(next) => {
            const number = typeof next === 'number' ? next : Number.parseFloat(String(next).replace(',', '.'));
            onChange({ ...condition, value: Number.isNaN(number) ? Number.NaN : isMoney ? Math.round(number * 100) : number } as TCondition);
          }}
          decimalSeparator=","
          thousandSeparator="."
          decimalScale={isMoney || target.type === 'percent' ? 2 : undefined}
          error={errorAt('value')}
          disabled={disabled}
          w={{ base: '100%', xs: 160 }}
        />
      );
    }
    return (
      <TextInput
        label="Valore"
        value={typeof value === 'string' ? value : String(value)}
        onChange={(event) => onChange({ ...condition, value: event.currentTarget.value } as TCondition)}
        error={errorAt('value')}
        disabled={disabled}
        style={{ flex: 1, minWidth: 200 }}
      />
    );
  };

  return (
    <Stack gap={6}>
      <Switch label={title} checked={condition !== undefined} onChange={(event) => toggle(event.currentTarget.checked)} disabled={disabled || (!hasEarlier && !condition)} />
      {!hasEarlier && !condition && (
        <Text size="xs" c="dimmed">
          Nessuna domanda precedente: una condizione legge la risposta a una domanda che viene prima.
        </Text>
      )}
      {condition && (
        <Group align="flex-start" gap="sm" wrap="wrap" pl={{ base: 0, xs: 'md' }}>
          <Select
            label="Domanda"
            data={earlier.map((question) => ({ value: question.key, label: nameOf(question) }))}
            value={target ? condition.question : null}
            placeholder={target ? undefined : condition.question}
            onChange={(key) => {
              const question = earlier.find((item) => item.key === key);
              if (question) onChange(conditionFor(question, operatorsFor(question.type)[0] ?? 'answered'));
            }}
            allowDeselect={false}
            error={errorAt('question')}
            disabled={disabled}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Select
            label="Condizione"
            data={(target ? operatorsFor(target.type) : [condition.op]).map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
            value={condition.op}
            onChange={(op) => target && op && onChange(conditionFor(target, op as TConditionOp))}
            allowDeselect={false}
            error={errorAt('op')}
            disabled={disabled}
            w={{ base: '100%', xs: 180 }}
          />
          {valueField()}
        </Group>
      )}
      {condition && errorAt('') && (
        <Text size="sm" c="red">
          {errorAt('')}
        </Text>
      )}
    </Stack>
  );
};
