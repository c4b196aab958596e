import { Button, Group, Menu, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { QUESTION_TYPE_LABELS, QUESTION_TYPES, QUESTIONNAIRE_LIMITS, type TQuestionType } from '../../../../../shared/products/questionnaire';
import { canAddQuestion, duplicateQuestion, move, newQuestion, newSection, questionKeysBut, questionsBefore, renameReferences, uniqueKey, type TEditorDraft, type TEditQuestion, type TEditSection } from './product-draft';
import { QuestionEditor } from './question-editor';
import { MoveButtons, SortableList, useSortableItem } from './sortable';

type TQuestionnaireEditorProps = {
  draft: TEditorDraft;
  onSections: (sections: TEditSection[]) => void;
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

const BASE = 'content.questionnaire.sections';

type TSectionEditorProps = {
  section: TEditSection;
  index: number;
  count: number;
  draft: TEditorDraft;
  /** The number of the section's first question in the whole questionnaire, less one. */
  offset: number;
  onChange: (section: TEditSection) => void;
  /** A question changed (its key renamed in the conditions that read it). */
  onQuestion: (entry: TEditQuestion, next: TEditQuestion) => void;
  /** Moves a question to the end of the previous section (-1) or the start of the next one (+1). */
  onCrossSection: (entry: TEditQuestion, direction: -1 | 1) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

const SectionEditor = ({ section, index, count, draft, offset, onChange, onQuestion, onCrossSection, onRemove, onMove, errorAt, disabled }: TSectionEditorProps) => {
  const name = section.title.trim() ? `sezione «${section.title.trim()}»` : `sezione ${index + 1}`;
  const { setNodeRef, style, handle } = useSortableItem(section.uid, `la ${name}`, disabled);
  const path = `${BASE}.${index}`;
  const questions = section.questions;
  const setQuestions = (next: TEditQuestion[]) => onChange({ ...section, questions: next });
  const sectionKeys = new Set(draft.sections.filter((item) => item.uid !== section.uid).map((item) => item.key));

  const addQuestion = (type: TQuestionType) => setQuestions([...questions, newQuestion(type, questionKeysBut(draft))]);
  const questionName = (uid: string) => {
    const at = questions.findIndex((entry) => entry.uid === uid);
    const label = questions[at]?.question.label.trim();
    return label ? `la domanda «${label}»` : `la domanda ${offset + at + 1}`;
  };

  return (
    <Paper ref={setNodeRef} style={style} withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="li" bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            {handle}
            <Title order={4} fz={15}>
              Sezione {index + 1}
            </Title>
          </Group>
          <Group gap={4} wrap="nowrap">
            <MoveButtons label={`la ${name}`} onUp={index > 0 ? () => onMove(index - 1) : undefined} onDown={index < count - 1 ? () => onMove(index + 1) : undefined} disabled={disabled} />
            <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove} disabled={disabled} aria-label={`Rimuovi la ${name}`}>
              Rimuovi
            </Button>
          </Group>
        </Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Titolo della sezione"
            value={section.title}
            onChange={(event) => {
              const title = event.currentTarget.value;
              onChange({ ...section, title, key: section.keyEdited ? section.key : uniqueKey(title, sectionKeys, section.key || 'sezione') });
            }}
            error={errorAt(`${path}.title`)}
            disabled={disabled}
            style={{ flex: 2, minWidth: 220 }}
            required
          />
          <TextInput
            label="Chiave della sezione"
            value={section.key}
            onChange={(event) => onChange({ ...section, key: event.currentTarget.value, keyEdited: true })}
            error={errorAt(`${path}.key`)}
            disabled={disabled}
            style={{ flex: 1, minWidth: 160 }}
            required
          />
        </Group>
        <SortableList ids={questions.map((entry) => entry.uid)} nameOf={questionName} onMove={(from, to) => setQuestions(move(questions, from, to))}>
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Domande della ${name}`}>
            {questions.map((entry, at) => (
              <QuestionEditor
                key={entry.uid}
                entry={entry}
                number={offset + at + 1}
                path={`${path}.questions.${at}`}
                errorAt={errorAt}
                earlier={questionsBefore(draft, entry.uid)}
                takenKeys={questionKeysBut(draft, entry.uid)}
                onChange={(next) => onQuestion(entry, next)}
                onRemove={() => setQuestions(questions.filter((item) => item.uid !== entry.uid))}
                onDuplicate={() => setQuestions([...questions.slice(0, at + 1), duplicateQuestion(entry, questionKeysBut(draft)), ...questions.slice(at + 1)])}
                onUp={at > 0 ? () => setQuestions(move(questions, at, at - 1)) : index > 0 ? () => onCrossSection(entry, -1) : undefined}
                onDown={at < questions.length - 1 ? () => setQuestions(move(questions, at, at + 1)) : index < count - 1 ? () => onCrossSection(entry, 1) : undefined}
                disabled={disabled}
              />
            ))}
          </Stack>
        </SortableList>
        {errorAt(`${path}.questions`) && (
          <Text size="sm" c="red">
            {errorAt(`${path}.questions`)}
          </Text>
        )}
        <Group>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button variant="light" disabled={disabled || !canAddQuestion(draft)} aria-label={`Aggiungi domanda alla ${name}`}>
                Aggiungi domanda
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Tipo di domanda</Menu.Label>
              {QUESTION_TYPES.map((type) => (
                <Menu.Item key={type} onClick={() => addQuestion(type)}>
                  {QUESTION_TYPE_LABELS[type]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Stack>
    </Paper>
  );
};

/** The questionnaire: its sections (add, remove, rename, reorder) and in each its questions. */
export const QuestionnaireEditor = ({ draft, onSections, errorAt, disabled }: TQuestionnaireEditorProps) => {
  const sections = draft.sections;
  const offsets = sections.map((_, index) => sections.slice(0, index).reduce((total, section) => total + section.questions.length, 0));
  const sectionName = (uid: string) => {
    const at = sections.findIndex((section) => section.uid === uid);
    const title = sections[at]?.title.trim();
    return title ? `la sezione «${title}»` : `la sezione ${at + 1}`;
  };
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} fz={16}>
          Questionario
        </Title>
        <Text size="sm" c="dimmed">
          Le domande poste al corner, in sezioni. Trascina la maniglia o usa le frecce per riordinare; una condizione legge solo domande precedenti.
        </Text>
      </div>
      <SortableList ids={sections.map((section) => section.uid)} nameOf={sectionName} onMove={(from, to) => onSections(move(sections, from, to))}>
        <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Sezioni del questionario">
          {sections.map((section, index) => (
            <SectionEditor
              key={section.uid}
              section={section}
              index={index}
              count={sections.length}
              draft={draft}
              offset={offsets[index] ?? 0}
              onChange={(next) => onSections(sections.map((item) => (item.uid === section.uid ? next : item)))}
              onQuestion={(entry, next) => {
                const replaced = sections.map((item) => ({ ...item, questions: item.questions.map((question) => (question.uid === entry.uid ? next : question)) }));
                const isShared = questionKeysBut(draft, entry.uid).has(entry.question.key);
                onSections(isShared ? replaced : renameReferences(replaced, entry.question.key, next.question.key));
              }}
              onCrossSection={(entry, direction) => {
                const to = index + direction;
                onSections(
                  sections.map((item, at) => {
                    if (at === index) return { ...item, questions: item.questions.filter((question) => question.uid !== entry.uid) };
                    if (at === to) return { ...item, questions: direction === -1 ? [...item.questions, entry] : [entry, ...item.questions] };
                    return item;
                  }),
                );
              }}
              onRemove={() => onSections(sections.filter((item) => item.uid !== section.uid))}
              onMove={(to) => onSections(move(sections, index, to))}
              errorAt={errorAt}
              disabled={disabled}
            />
          ))}
        </Stack>
      </SortableList>
      {errorAt(BASE) && (
        <Text size="sm" c="red">
          {errorAt(BASE)}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          onClick={() => onSections([...sections, newSection(new Set(sections.map((section) => section.key)))])}
          disabled={disabled || sections.length >= QUESTIONNAIRE_LIMITS.sections}
        >
          Aggiungi sezione
        </Button>
      </Group>
    </Stack>
  );
};
