import { Alert, Anchor, Button, Checkbox, Group, List, SegmentedControl, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TClientInputRaw } from '../../../../../shared/schemas/client-record';
import { FormAlert } from '../../../components/form-alert';
import { ApiError } from '../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { clientPath } from '../../../lib/paths';
import { useTRPC } from '../../../lib/trpc';
import { fromTrpcError } from '../../../lib/trpc-error';
import { birthplaceOfPlace, cfFillOf, checkClientForm, toClientInput, toFormPath, type TClientFormValues, type TClientKind } from '../client-form-values';
import { AddressFields, CompanyFields, ContactFields, NotesField, PersonFields } from './client-form-fields';

const ACKNOWLEDGE_NEEDED = 'Correggi i dati o conferma che sono giusti.';

/** "phones.1" as the path segments zod writes: numbers for array rows. */
const toSegments = (path: string): PropertyKey[] => path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

type TClientFormProps = {
  initialValues: TClientFormValues;
  submitLabel: string;
  /** Sends the input; a thrown error is shown in the form (fields under their inputs, the rest above the buttons). */
  onSave: (input: TClientInputRaw) => Promise<unknown>;
  onCancel: () => void;
  isSaving: boolean;
};

const DuplicateError = ({ message, clientId }: { message: string; clientId: string }) => (
  <>
    {message}{' '}
    <Anchor component={Link} to={clientPath(clientId)} size="xs" fw={600}>
      Apri la scheda del cliente
    </Anchor>
  </>
);

/**
 * A person's or a company's record, checked with the schema the server uses. Consistency warnings (the codice
 * fiscale against birth date, sex, birthplace) do not block: the user confirms them with a checkbox.
 */
export const ClientForm = ({ initialValues, submitLabel, onSave, onCancel, isSaving }: TClientFormProps) => {
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const form = useForm<TClientFormValues>({
    mode: 'controlled',
    initialValues,
    // A field is checked when left, once something was typed in it; the submit checks them all.
    enhanceGetInputProps: ({ field, form: self }) => ({
      onBlur: () => {
        if (self.isDirty(field)) self.validateField(field);
      },
    }),
    validate: (values) => {
      const { errors, warnings } = checkClientForm(values);
      return warnings.length > 0 && !values.acknowledgedWarnings ? { ...errors, acknowledgedWarnings: ACKNOWLEDGE_NEEDED } : errors;
    },
  });
  const values = form.getValues();
  const { warnings } = checkClientForm(values);
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  // A valid codice fiscale typed fills the birth date, sex and birthplace still empty (what the user typed stays,
  // with its warning when it disagrees); the birthplace is looked up by its codice catastale.
  form.watch('cf', ({ value: cf }) => {
    const fill = cfFillOf(form.getValues());
    if (fill.birthDate) form.setFieldValue('birthDate', fill.birthDate);
    if (fill.sex) form.setFieldValue('sex', fill.sex);
    const code = fill.birthplaceCadastral;
    if (!code) return;
    queryClient.fetchQuery(trpc.geo.comuneByCadastral.queryOptions({ code })).then(
      (place) => {
        const now = form.getValues();
        if (place && now.cf === cf && !now.birthplace) form.setFieldValue('birthplace', birthplaceOfPlace(place));
      },
      // Unknown or unreachable: the field stays empty for the user to pick (the server fills it on save when it can).
      () => undefined,
    );
  });

  const submit = async (checked: TClientFormValues) => {
    setFailure(null);
    try {
      await onSave(toClientInput(checked));
    } catch (caught) {
      const error = fromTrpcError(caught);
      if (error instanceof ApiError && error.hasFields) {
        const inline: Record<string, ReactNode> = {};
        for (const [path, messages] of Object.entries(error.fields)) inline[toFormPath(toSegments(path), checked)] = messages.join('\n');
        // A duplicate names the client already in the book: its page is one click away.
        const existingId = error.details.existingClientId;
        for (const field of existingId ? (['cf', 'vat'] as const) : []) {
          if (inline[field]) inline[field] = <DuplicateError message={String(inline[field])} clientId={existingId!} />;
        }
        form.setErrors(inline);
      } else {
        setFailure(describeError(error));
      }
    }
  };

  return (
    <form onSubmit={form.onSubmit((checked) => void submit(checked))} noValidate>
      <Stack gap="lg">
        <SegmentedControl
          aria-label="Tipo di cliente"
          data={[
            { value: 'persona', label: 'Persona' },
            { value: 'azienda', label: 'Azienda' },
          ]}
          value={values.kind}
          onChange={(kind) => form.setFieldValue('kind', kind as TClientKind)}
          style={{ alignSelf: 'flex-start' }}
        />
        {values.kind === 'persona' ? <PersonFields form={form} /> : <CompanyFields form={form} />}
        <ContactFields form={form} />
        <AddressFields form={form} />
        <NotesField form={form} />
        {warnings.length > 0 && (
          <Alert color="yellow" variant="light" title="Controlla i dati" role="status">
            <List size="sm" spacing={2}>
              {warnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
            <Checkbox mt="sm" label="Confermo i dati inseriti" {...form.getInputProps('acknowledgedWarnings', { type: 'checkbox' })} />
          </Alert>
        )}
        <FormAlert error={failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Annulla
          </Button>
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
