import { ActionIcon, Alert, Button, Code, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  DEFAULT_PRECONTRACT_TEMPLATE,
  intermediaryGaps,
  PRECONTRACT_MSG,
  PRECONTRACT_PLACEHOLDERS,
  PRECONTRACT_PLACEHOLDER_NAMES,
  ZPrecontractTemplateContent,
  type TPrecontractIntermediary,
  type TPrecontractTemplateContent,
} from '../../../../../shared/schemas/precontract';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { SettingsFormActions } from './sector-settings/settings-form-actions';

const INTERMEDIARY_FIELDS: { key: Exclude<keyof TPrecontractIntermediary, 'ruiSection'>; label: string; required?: boolean }[] = [
  { key: 'name', label: 'Denominazione', required: true },
  { key: 'ruiNumber', label: 'Numero di iscrizione al RUI', required: true },
  { key: 'ruiDate', label: 'Data di iscrizione al RUI' },
  { key: 'address', label: 'Sede legale', required: true },
  { key: 'phone', label: 'Telefono' },
  { key: 'email', label: 'E-mail' },
  { key: 'pec', label: 'PEC' },
  { key: 'website', label: 'Sito internet' },
];

/** The first message per field path ("intermediary.name", "sections.0.body"), as the shared schema says. */
const errorsOf = (draft: TPrecontractTemplateContent): Record<string, string> => {
  const checked = ZPrecontractTemplateContent.safeParse(draft);
  if (checked.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

/**
 * /admin/impostazioni: the template of the single pre-contract form (Modulo unico precontrattuale IVASS, in place of
 * the former Allegati 3, 4 and 4-ter) that the RC Auto pre-contract pack is made from. IVASS revises the form: the
 * admin edits the intermediary's data and the sections' text, with placeholders filled for each practice.
 */
export const PrecontractTemplateCard = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const template = useQuery(trpc.practices.precontract.template.queryOptions());
  const save = useMutation(trpc.practices.precontract.saveTemplate.mutationOptions());
  const [draft, setDraft] = useState<TPrecontractTemplateContent | null>(null);
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);

  const current = draft ?? template.data?.content ?? null;
  const errors = current ? errorsOf(current) : {};
  const hasErrors = Object.keys(errors).length > 0;
  const gaps = current ? intermediaryGaps(current.intermediary) : [];
  const change = (next: (value: TPrecontractTemplateContent) => TPrecontractTemplateContent) => setDraft((value) => next(value ?? template.data!.content));
  const setIntermediary = (key: keyof TPrecontractIntermediary, value: string) =>
    change((value0) => ({ ...value0, intermediary: { ...value0.intermediary, [key]: value } as TPrecontractIntermediary }));
  const setSection = (index: number, key: 'title' | 'body', value: string) =>
    change((value0) => ({ ...value0, sections: value0.sections.map((section, at) => (at === index ? { ...section, [key]: value } : section)) }));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft || hasErrors) return;
    setFailure(null);
    try {
      await save.mutateAsync({ content: draft });
      await queryClient.invalidateQueries(trpc.practices.precontract.template.pathFilter());
      setDraft(null);
      toast('success', 'Modello salvato');
    } catch (error) {
      setFailure(describeError(error));
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="precontract-template-title">
      <Stack gap="lg">
        <div>
          <Title order={2} fz={{ base: 18, sm: 20 }} id="precontract-template-title">
            Modulo unico precontrattuale
          </Title>
          <Text size="sm" c="dimmed">
            Il testo dell’informativa precontrattuale che il cliente firma con il questionario sulle esigenze (Reg. IVASS 40/2018) prima
            dell’emissione di ogni polizza (per RC Auto, finché l’impostazione «rcaPrecontrattuale» è attiva). Ogni versione salvata resta
            registrata: un pacchetto indica quella da cui è stato creato.
          </Text>
          {template.data && (
            <Text size="xs" c="dimmed" mt={4}>
              {template.data.id
                ? `Versione in vigore del ${formatDate(template.data.createdAt)}${template.data.createdByName ? `, salvata da ${template.data.createdByName}` : ''}.`
                : 'In vigore il modello predefinito della piattaforma: completa i dati dell’intermediario.'}
            </Text>
          )}
        </div>
        {template.isPending && <PageLoader />}
        {template.isError && (
          <QueryError title="Impossibile caricare il modello" error={template.error} onRetry={() => void template.refetch()} isRetrying={template.isFetching} />
        )}
        {current && (
          <form noValidate onSubmit={(event) => void handleSubmit(event)}>
            <Stack gap="lg">
              <FormAlert error={failure} />
              {gaps.length > 0 && (
                <Alert color="orange" variant="light" title="Dati dell’intermediario incompleti">
                  {PRECONTRACT_MSG.intermediaryIncomplete(gaps)}
                </Alert>
              )}
              <TextInput label="Titolo" value={current.title} onChange={(event) => change((value) => ({ ...value, title: event.currentTarget.value }))} error={errors.title} required />
              <Title order={3} fz={16}>
                Intermediario
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {INTERMEDIARY_FIELDS.map((field) => (
                  <TextInput
                    key={field.key}
                    label={field.label}
                    value={current.intermediary[field.key]}
                    onChange={(event) => setIntermediary(field.key, event.currentTarget.value)}
                    error={errors[`intermediary.${field.key}`]}
                    required={field.required}
                  />
                ))}
                <Select
                  label="Sezione del RUI"
                  data={['A', 'B', 'D', 'E']}
                  value={current.intermediary.ruiSection}
                  onChange={(value) => value && setIntermediary('ruiSection', value)}
                  allowDeselect={false}
                  required
                />
              </SimpleGrid>
              <Title order={3} fz={16}>
                Sezioni
              </Title>
              <Text size="sm" c="dimmed">
                Segnaposto disponibili:{' '}
                {PRECONTRACT_PLACEHOLDER_NAMES.map((name) => (
                  <Code key={name} title={PRECONTRACT_PLACEHOLDERS[name]} mr={4}>{`{{${name}}}`}</Code>
                ))}
              </Text>
              {current.sections.map((section, index) => (
                <Stack key={index} gap="xs">
                  <Group align="flex-end" wrap="nowrap">
                    <TextInput
                      style={{ flex: 1 }}
                      label={`Titolo della sezione ${index + 1}`}
                      value={section.title}
                      onChange={(event) => setSection(index, 'title', event.currentTarget.value)}
                      error={errors[`sections.${index}.title`]}
                      required
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Elimina la sezione ${index + 1}`}
                      disabled={current.sections.length <= 1}
                      onClick={() => change((value) => ({ ...value, sections: value.sections.filter((_, at) => at !== index) }))}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                  <Textarea
                    label={`Testo della sezione ${index + 1}`}
                    autosize
                    minRows={3}
                    value={section.body}
                    onChange={(event) => setSection(index, 'body', event.currentTarget.value)}
                    error={errors[`sections.${index}.body`]}
                  />
                </Stack>
              ))}
              <Group>
                <Button variant="light" onClick={() => change((value) => ({ ...value, sections: [...value.sections, { title: 'Nuova sezione', body: '' }] }))} disabled={current.sections.length >= 20}>
                  Aggiungi una sezione
                </Button>
                <Button variant="subtle" onClick={() => setDraft({ ...DEFAULT_PRECONTRACT_TEMPLATE, intermediary: current.intermediary })}>
                  Ripristina il testo predefinito
                </Button>
              </Group>
              <SettingsFormActions
                resetLabel="Annulla modifiche"
                resetAriaLabel="Annulla modifiche al modulo precontrattuale"
                saveLabel="Salva una nuova versione"
                onReset={() => {
                  setDraft(null);
                  setFailure(null);
                }}
                hasChanges={Boolean(draft)}
                hasIssues={hasErrors}
                isSaving={save.isPending}
              />
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
};
