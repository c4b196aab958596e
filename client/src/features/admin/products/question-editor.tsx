import { Badge, Button, Checkbox, Group, NumberInput, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { QUESTION_TYPE_LABELS, TEXT_FORMATS, type TCondition, type TOption, type TQuestionInput } from '../../../../../shared/products/questionnaire';
import { EuroCentsInput } from '../pages/sector-settings/settings-inputs';
import { ConditionEditor } from './condition-editor';
import { keyFromLabel, move, patchQuestion, uniqueKey, type TEditQuestion } from './product-draft';
import { MoveButtons, useSortableItem } from './sortable';

const FORMAT_LABELS: Record<(typeof TEXT_FORMATS)[number], string> = { email: 'E-mail', phone: 'Telefono', cap: 'CAP', cig: 'CIG', ateco: 'Codice ATECO' };
const ACCEPTS_LABELS = { any: 'Codice fiscale o partita IVA', person: 'Solo codice fiscale di persona', company: 'Solo partita IVA' } as const;

type TQuestionEditorProps = {
  entry: TEditQuestion;
  /** «Domanda 3»: how the question is named while its label is empty. */
  number: number;
  /** The path of the question in the product input ('content.questionnaire.sections.0.questions.2'). */
  path: string;
  errorAt: (path: string) => string | undefined;
  /** The questions before this one (conditions, `after`, `maxPercentOf` read only these). */
  earlier: readonly TQuestionInput[];
  /** The keys of the other questions (a suggested key avoids them). */
  takenKeys: ReadonlySet<string>;
  onChange: (entry: TEditQuestion) => void;
  onRemove: () => void;
  onDuplicate: () => void;
  onUp?: () => void;
  onDown?: () => void;
  disabled: boolean;
};

/** A limit typed as a number: empty clears it. */
const LimitInput = ({ label, value, onChange, error, disabled, integer }: { label: string; value: number | undefined; onChange: (value: number | undefined) => void; error?: string; disabled: boolean; integer?: boolean }) => (
  <NumberInput
    label={label}
    value={value ?? ''}
    onChange={(next) => {
      if (next === '' || next === '-') return onChange(undefined);
      const number = typeof next === 'number' ? next : Number.parseFloat(String(next).replace(',', '.'));
      onChange(Number.isNaN(number) ? undefined : number);
    }}
    allowDecimal={!integer}
    decimalSeparator=","
    error={error}
    disabled={disabled}
    w={{ base: '100%', xs: 170 }}
  />
);

/** One question of the questionnaire: label, key, help, required, the limits of its type and its two conditions. */
export const QuestionEditor = ({ entry, number, path, errorAt, earlier, takenKeys, onChange, onRemove, onDuplicate, onUp, onDown, disabled }: TQuestionEditorProps) => {
  const { question } = entry;
  const name = question.label.trim() ? `domanda «${question.label.trim()}»` : `domanda ${number}`;
  const { setNodeRef, style, handle } = useSortableItem(entry.uid, `la ${name}`, disabled);
  const at = (field: string) => errorAt(field === '' ? path : `${path}.${field}`);
  const set = (patch: Record<string, unknown>) => onChange({ ...entry, question: patchQuestion(question, patch) });
  const q = question as TQuestionInput & Record<string, unknown>;
  const num = (field: string) => (typeof q[field] === 'number' ? (q[field] as number) : undefined);

  const setLabel = (label: string) => {
    const key = entry.keyEdited ? question.key : uniqueKey(label, takenKeys, question.key || 'domanda');
    onChange({ ...entry, question: patchQuestion(question, { label, key: entry.keyEdited || keyFromLabel(label) === '' ? question.key : key }) });
  };

  const options = question.type === 'oneOf' || question.type === 'severalOf' ? question.options : [];
  const setOptions = (next: TOption[]) => set({ options: next });
  const earlierOf = (type: string) => earlier.filter((item) => item.type === type);

  const limits = () => {
    switch (question.type) {
      case 'text':
      case 'longText':
        return (
          <Group align="flex-start" gap="sm" wrap="wrap">
            <LimitInput label="Lunghezza minima" value={num('minLength')} onChange={(value) => set({ minLength: value })} error={at('minLength')} disabled={disabled} integer />
            <LimitInput label="Lunghezza massima" value={num('maxLength')} onChange={(value) => set({ maxLength: value })} error={at('maxLength')} disabled={disabled} integer />
            {question.type === 'text' && (
              <Select
                label="Formato"
                data={[{ value: '', label: 'Testo libero' }, ...TEXT_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }))]}
                value={question.format ?? ''}
                onChange={(value) => set({ format: value ? value : undefined })}
                allowDeselect={false}
                error={at('format')}
                disabled={disabled}
                w={{ base: '100%', xs: 200 }}
              />
            )}
          </Group>
        );
      case 'number':
        return (
          <Group align="flex-start" gap="sm" wrap="wrap">
            <LimitInput label="Minimo" value={num('min')} onChange={(value) => set({ min: value })} error={at('min')} disabled={disabled} />
            <LimitInput label="Massimo" value={num('max')} onChange={(value) => set({ max: value })} error={at('max')} disabled={disabled} />
            <Checkbox label="Solo numeri interi" checked={question.integer ?? false} onChange={(event) => set({ integer: event.currentTarget.checked || undefined })} disabled={disabled} mt={{ base: 0, xs: 32 }} />
            {/* A year (of construction, of registration): a whole number, so choosing it makes the number whole too. */}
            <Checkbox
              label="Non oltre l’anno in corso"
              checked={question.notAfterThisYear ?? false}
              onChange={(event) => set(event.currentTarget.checked ? { notAfterThisYear: true, integer: true } : { notAfterThisYear: undefined })}
              error={at('notAfterThisYear')}
              disabled={disabled}
              mt={{ base: 0, xs: 32 }}
            />
          </Group>
        );
      case 'percent':
        return (
          <Group align="flex-start" gap="sm" wrap="wrap">
            <LimitInput label="Minimo (%)" value={num('min')} onChange={(value) => set({ min: value })} error={at('min')} disabled={disabled} />
            <LimitInput label="Massimo (%)" value={num('max')} onChange={(value) => set({ max: value })} error={at('max')} disabled={disabled} />
          </Group>
        );
      case 'money': {
        const moneyBefore = earlierOf('money');
        const cap = question.maxPercentOf;
        return (
          <Stack gap="xs">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <EuroCentsInput label="Importo minimo" cents={num('min') ?? null} onChange={(cents) => set({ min: cents ?? undefined })} error={at('min')} disabled={disabled} />
              <EuroCentsInput label="Importo massimo" cents={num('max') ?? null} onChange={(cents) => set({ max: cents ?? undefined })} error={at('max')} disabled={disabled} />
            </Group>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Select
                label="Al massimo una percentuale di"
                data={[{ value: '', label: 'Nessun limite' }, ...moneyBefore.map((item) => ({ value: item.key, label: item.label.trim() || item.key }))]}
                value={cap?.question ?? ''}
                onChange={(key) => set({ maxPercentOf: key ? { question: key, percent: cap?.percent ?? 4 } : undefined })}
                allowDeselect={false}
                error={at('maxPercentOf.question') ?? at('maxPercentOf')}
                disabled={disabled || (moneyBefore.length === 0 && !cap)}
                style={{ flex: 1, minWidth: 200 }}
              />
              {cap && (
                <LimitInput
                  label="Percentuale massima"
                  value={cap.percent}
                  onChange={(value) => set({ maxPercentOf: { ...cap, percent: value ?? Number.NaN } })}
                  error={at('maxPercentOf.percent')}
                  disabled={disabled}
                />
              )}
            </Group>
          </Stack>
        );
      }
      case 'date': {
        const datesBefore = earlierOf('date');
        const dateInput = (field: 'minDate' | 'maxDate', label: string) => (
          <TextInput
            label={label}
            placeholder="AAAA-MM-GG"
            value={question[field] ?? ''}
            onChange={(event) => set({ [field]: event.currentTarget.value.trim() || undefined })}
            error={at(field)}
            disabled={disabled}
            w={{ base: '100%', xs: 170 }}
          />
        );
        return (
          <Stack gap="xs">
            <Group align="flex-start" gap="sm" wrap="wrap">
              {dateInput('minDate', 'Data minima')}
              {dateInput('maxDate', 'Data massima')}
              <LimitInput label="Da oggi + giorni (min)" value={num('minDaysFromToday')} onChange={(value) => set({ minDaysFromToday: value })} error={at('minDaysFromToday')} disabled={disabled} integer />
              <LimitInput label="A oggi + giorni (max)" value={num('maxDaysFromToday')} onChange={(value) => set({ maxDaysFromToday: value })} error={at('maxDaysFromToday')} disabled={disabled} integer />
            </Group>
            <Select
              label="Successiva alla data di"
              data={[{ value: '', label: 'Nessuna' }, ...datesBefore.map((item) => ({ value: item.key, label: item.label.trim() || item.key }))]}
              value={question.after ?? ''}
              onChange={(key) => set({ after: key || undefined })}
              allowDeselect={false}
              error={at('after')}
              disabled={disabled || (datesBefore.length === 0 && !question.after)}
              maw={420}
            />
          </Stack>
        );
      }
      case 'oneOf':
      case 'severalOf':
        return (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              Opzioni
            </Text>
            {options.map((option, index) => (
              <Group key={index} align="flex-start" gap="xs" wrap="wrap">
                <TextInput
                  label="Testo dell’opzione"
                  value={option.label}
                  onChange={(event) => {
                    const label = event.currentTarget.value;
                    const wasDerived = option.value === keyFromLabel(option.label) || /^opzione\d+$/.test(option.value);
                    setOptions(options.map((item, at) => (at === index ? { label, value: wasDerived && keyFromLabel(label) ? keyFromLabel(label).slice(0, 60) : item.value } : item)));
                  }}
                  error={at(`options.${index}.label`)}
                  disabled={disabled}
                  style={{ flex: 1, minWidth: 180 }}
                />
                <TextInput
                  label="Valore salvato"
                  value={option.value}
                  onChange={(event) => setOptions(options.map((item, at) => (at === index ? { ...item, value: event.currentTarget.value } : item)))}
                  error={at(`options.${index}.value`)}
                  disabled={disabled}
                  w={{ base: '100%', xs: 160 }}
                />
                <Group gap={4} mt={{ base: 0, xs: 28 }} wrap="nowrap">
                  <MoveButtons
                    label={`l’opzione ${option.label || index + 1}`}
                    onUp={index > 0 ? () => setOptions(move(options, index, index - 1)) : undefined}
                    onDown={index < options.length - 1 ? () => setOptions(move(options, index, index + 1)) : undefined}
                    disabled={disabled}
                  />
                  <Button variant="subtle" color="red" size="compact-sm" onClick={() => setOptions(options.filter((_, at) => at !== index))} disabled={disabled} aria-label={`Rimuovi l’opzione ${option.label || index + 1}`}>
                    Rimuovi
                  </Button>
                </Group>
              </Group>
            ))}
            {at('options') && (
              <Text size="sm" c="red">
                {at('options')}
              </Text>
            )}
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Button
                variant="light"
                size="xs"
                onClick={() => {
                  const taken = new Set(options.map((option) => option.value));
                  let index = options.length + 1;
                  while (taken.has(`opzione${index}`)) index += 1;
                  setOptions([...options, { value: `opzione${index}`, label: `Opzione ${index}` }]);
                }}
                disabled={disabled}
              >
                Aggiungi opzione
              </Button>
              {question.type === 'severalOf' && (
                <LimitInput label="Scelte al massimo" value={num('maxSelected')} onChange={(value) => set({ maxSelected: value })} error={at('maxSelected')} disabled={disabled} integer />
              )}
            </Group>
          </Stack>
        );
      case 'taxId':
        return (
          <Select
            label="Accetta"
            data={Object.entries(ACCEPTS_LABELS).map(([value, label]) => ({ value, label }))}
            value={question.accepts ?? 'any'}
            onChange={(value) => set({ accepts: value ?? 'any' })}
            allowDeselect={false}
            error={at('accepts')}
            disabled={disabled}
            maw={320}
          />
        );
      default:
        return null;
    }
  };

  return (
    <Paper ref={setNodeRef} style={style} withBorder radius="md" p="sm" component="li" aria-label={`Domanda ${number}: ${question.label.trim() || 'senza testo'}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {handle}
            <Text fw={600} size="sm">
              Domanda {number}
            </Text>
            <Badge variant="light" color="gray">
              {QUESTION_TYPE_LABELS[question.type]}
            </Badge>
          </Group>
          <Group gap={4} wrap="nowrap">
            <MoveButtons label={`la ${name}`} onUp={onUp} onDown={onDown} disabled={disabled} />
            <Button variant="subtle" size="compact-sm" onClick={onDuplicate} disabled={disabled} aria-label={`Duplica la ${name}`}>
              Duplica
            </Button>
            <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove} disabled={disabled} aria-label={`Rimuovi la ${name}`}>
              Rimuovi
            </Button>
          </Group>
        </Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Testo della domanda"
            value={question.label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            error={at('label')}
            disabled={disabled}
            style={{ flex: 2, minWidth: 220 }}
            required
          />
          <TextInput
            label="Chiave"
            description="Nome della risposta nei dati della pratica"
            value={question.key}
            onChange={(event) => onChange({ ...entry, keyEdited: true, question: patchQuestion(question, { key: event.currentTarget.value }) })}
            error={at('key')}
            disabled={disabled}
            style={{ flex: 1, minWidth: 160 }}
            required
          />
        </Group>
        <Textarea label="Aiuto" value={question.help ?? ''} onChange={(event) => set({ help: event.currentTarget.value || undefined })} error={at('help')} disabled={disabled} autosize minRows={1} maxRows={4} />
        <Checkbox label="Obbligatoria" checked={question.required ?? false} onChange={(event) => set({ required: event.currentTarget.checked })} disabled={disabled} />
        {limits()}
        <ConditionEditor
          title="Mostra solo se"
          condition={question.showWhen as TCondition | undefined}
          earlier={earlier}
          onChange={(condition) => set({ showWhen: condition })}
          errorAt={(field) => at(field === '' ? 'showWhen' : `showWhen.${field}`)}
          disabled={disabled}
        />
        <ConditionEditor
          title="Obbligatoria solo se"
          condition={question.requiredWhen as TCondition | undefined}
          earlier={earlier}
          onChange={(condition) => set({ requiredWhen: condition })}
          errorAt={(field) => at(field === '' ? 'requiredWhen' : `requiredWhen.${field}`)}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
};
