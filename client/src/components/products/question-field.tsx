import { Checkbox, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { defaultMaxLength, type TQuestion, type TQuestionOf } from '../../../../shared/products/questionnaire';
import { ComuneSelect } from '../inputs/comune-select';
import { DateField } from '../inputs/date-field';
import { DecimalInput } from '../inputs/decimal-input';
import { NumberAnswerInput } from './number-answer-input';
import { FileAnswerField, type TFileUploadTarget } from './file-answer-field';
import { answerOfComune, centsToEuro, comuneOfAnswer, euroToCents } from './questionnaire-values';

/** A one-of question with more options than this is a select, otherwise radio buttons. */
export const RADIO_MAX_OPTIONS = 5;
/** A select with more options than this lets the user type to filter. */
const SEARCHABLE_MIN_OPTIONS = 10;

export type TQuestionFieldProps = {
  question: TQuestion;
  value: unknown;
  onChange: (next: unknown) => void;
  /** The user left a field that checks on leaving (texts, numbers, dates, codes). */
  onBlur: () => void;
  isRequired: boolean;
  error?: string;
  disabled?: boolean;
  upload?: TFileUploadTarget;
};

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');
const asNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The text inputs' extras by format: the phone keyboard for numbers, e-mail for addresses. */
const TEXT_FORMAT_PROPS: Record<NonNullable<TQuestionOf<'text'>['format']>, { type?: string; inputMode?: 'email' | 'tel' | 'numeric' | 'text'; maxLength?: number; autoComplete?: string }> = {
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  cap: { inputMode: 'numeric', maxLength: 5, autoComplete: 'postal-code' },
  cig: { maxLength: 10, autoComplete: 'off' },
  ateco: { inputMode: 'numeric', maxLength: 8, autoComplete: 'off' },
};

/** One question as the right control: its label (with the asterisk when required), its help, its message. */
export const QuestionField = ({ question, value, onChange, onBlur, isRequired, error, disabled, upload }: TQuestionFieldProps) => {
  // md like the app's text and date inputs (theme), so every question of the form reads the same.
  // disabled is undefined, not false, when the form is enabled: a group's `disabled: false` would override its
  // items' own (the options beyond a several-of's maximum).
  const common = { label: question.label, description: question.help, error, disabled: disabled || undefined, withAsterisk: isRequired, size: 'md' as const };
  switch (question.type) {
    case 'text': {
      const formatProps = question.format ? TEXT_FORMAT_PROPS[question.format] : { maxLength: defaultMaxLength(question) };
      return <TextInput {...common} {...formatProps} value={asText(value)} onChange={(event) => onChange(event.currentTarget.value)} onBlur={onBlur} />;
    }
    case 'longText':
      return (
        <Textarea {...common} autosize minRows={3} maxRows={12} maxLength={defaultMaxLength(question)} value={asText(value)} onChange={(event) => onChange(event.currentTarget.value)} onBlur={onBlur} />
      );
    case 'number':
      return <NumberAnswerInput {...common} value={asNumber(value)} onChange={onChange} onBlur={onBlur} inputMode={question.integer && question.min !== undefined && question.min >= 0 ? 'numeric' : 'decimal'} />;
    case 'money':
      return (
        <DecimalInput
          {...common}
          minimumFractionDigits={2}
          maximumFractionDigits={2}
          leftSection="€"
          leftSectionPointerEvents="none"
          value={centsToEuro(value)}
          onChange={(euro) => onChange(euroToCents(euro))}
          onBlur={onBlur}
        />
      );
    case 'percent':
      return <DecimalInput {...common} maximumFractionDigits={2} rightSection="%" rightSectionPointerEvents="none" value={asNumber(value)} onChange={onChange} onBlur={onBlur} />;
    case 'date':
      return <DateField {...common} clearable value={asText(value) || null} onChange={onChange} onBlur={onBlur} />;
    case 'yesNo':
      return (
        <Radio.Group {...common} value={value === true ? 'yes' : value === false ? 'no' : null} onChange={(next) => onChange(next === 'yes')}>
          <SimpleGrid cols={2} mt={4} maw={240}>
            <Radio value="yes" label="Sì" disabled={disabled} />
            <Radio value="no" label="No" disabled={disabled} />
          </SimpleGrid>
        </Radio.Group>
      );
    case 'oneOf':
      if (question.options.length > RADIO_MAX_OPTIONS) {
        return (
          <Select
            {...common}
            placeholder="Scegli"
            data={question.options.map((option) => ({ value: option.value, label: option.label }))}
            value={asText(value) || null}
            onChange={(next) => onChange(next)}
            searchable={question.options.length > SEARCHABLE_MIN_OPTIONS}
            nothingFoundMessage="Nessuna opzione trovata"
            clearable={!isRequired}
            comboboxProps={{ withinPortal: true }}
            allowDeselect={!isRequired}
          />
        );
      }
      return (
        <Radio.Group {...common} value={asText(value) || null} onChange={(next) => onChange(next)}>
          <Stack gap={8} mt={4}>
            {question.options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'severalOf': {
      const chosen = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
      const max = question.maxSelected;
      const isFull = max !== undefined && chosen.length >= max;
      const limit = max === undefined || max >= question.options.length ? undefined : `Al massimo ${max} ${max === 1 ? 'scelta' : 'scelte'}.`;
      return (
        <Checkbox.Group {...common} description={[question.help, limit].filter(Boolean).join(' ') || undefined} value={chosen} onChange={(next) => onChange(next)}>
          <Stack gap={8} mt={4}>
            {question.options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} disabled={disabled || (isFull && !chosen.includes(option.value))} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'comune':
      return <ComuneSelect {...common} value={comuneOfAnswer(value)} onChange={(comune) => onChange(answerOfComune(comune))} />;
    case 'taxId':
      return (
        <TextInput
          {...common}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={question.accepts === 'company' ? 13 : 20}
          inputMode={question.accepts === 'company' ? 'numeric' : 'text'}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
          onBlur={onBlur}
        />
      );
    case 'iban':
      return (
        <TextInput
          {...common}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={42}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
          onBlur={onBlur}
        />
      );
    case 'file':
      return <FileAnswerField {...common} value={asText(value) || null} onChange={onChange} upload={upload} />;
  }
};
