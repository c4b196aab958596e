import { Button, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ACCOUNT_STATE_LABELS, BROKER_TYPE_LABELS, BROKER_TYPES, type TBrokerType } from '../../../../../shared/constants';
import { type TAdminUserDetail } from '../../../../../shared/schemas/admin-users';
import type { TAdminUser } from '../../../../../shared/schemas/auth';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { RUI_SECTIONS, TIER_LABELS, TIERS, type TRuiSection, type TTier } from '../../../../../shared/tiers';
import { Dialog } from '../../../components/dialog/dialog';
import { useConfirm } from '../../../components/dialog/use-confirm';
import { FormAlert } from '../../../components/form-alert';
import { ApiError } from '../../../lib/api-error';
import { describeError, showApiError, type TErrorDisplay } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { fromTrpcError } from '../../../lib/trpc-error';
import { useTRPC } from '../../../lib/trpc';

const TIER_HINTS: Record<TTier, string> = {
  bronze: 'Bronze: solo luce e gas e GPL',
  silver: 'Silver: solo assicurazioni (iscrizione RUI)',
  gold: 'Gold: tutti i settori (iscrizione RUI)',
};

type TDraft = {
  name: string;
  surname: string;
  business: string;
  vat: string;
  cf: string;
  phone: string;
  tier: TTier | null;
  ruiSection: TRuiSection | null;
  ruiNumber: string;
  brokerType: TBrokerType | null;
};

const draftOf = (user: TAdminUserDetail): TDraft => ({
  name: user.name,
  surname: user.surname,
  business: user.business,
  vat: user.vat,
  cf: user.cf,
  phone: user.phone,
  tier: user.tier,
  ruiSection: user.rui?.section ?? null,
  ruiNumber: user.rui?.number ?? '',
  brokerType: user.brokerType,
});

/** The server's field paths (`rui.number`) as the draft's keys. */
const FIELD_OF: Record<string, keyof TDraft> = { 'rui.section': 'ruiSection', 'rui.number': 'ruiNumber', rui: 'ruiNumber' };

type TUserEditDialogProps = { user: TAdminUser | null; onClose: () => void };

/**
 * An admin edits an account: its data, a corner's tier and RUI registration, a broker's sector; and, asked for
 * again, activates, deactivates or approves it, resends the invitation or sends the password-reset e-mail.
 */
export const UserEditDialog = ({ user, onClose }: TUserEditDialogProps) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...trpc.admin.users.get.queryOptions({ userId: user?.id ?? '' }), enabled: user !== null });
  const update = useMutation(trpc.admin.users.update.mutationOptions());
  const setState = useMutation(trpc.admin.users.setState.mutationOptions());
  const invite = useMutation(trpc.admin.users.invite.mutationOptions());
  const passwordReset = useMutation(trpc.admin.users.passwordReset.mutationOptions());
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof TDraft, string>>>({});
  const [formError, setFormError] = useState<TErrorDisplay | null>(null);

  useEffect(() => {
    if (detail.data) setDraft(draftOf(detail.data));
    setErrors({});
    setFormError(null);
  }, [detail.data]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.users.pathKey() });
  const name = user ? getDisplayName(user) || user.email : '';
  const set = <K extends keyof TDraft>(key: K, value: TDraft[K]) => setDraft((current) => (current ? { ...current, [key]: value } : current));

  const save = async (): Promise<boolean> => {
    if (!user || !draft || !detail.data) return false;
    const isCorner = user.role === 'corner';
    const hasRui = draft.ruiSection !== null || draft.ruiNumber.trim() !== '';
    try {
      await update.mutateAsync({
        userId: user.id,
        name: draft.name,
        surname: draft.surname,
        business: draft.business,
        vat: draft.vat,
        cf: draft.cf,
        phone: draft.phone,
        ...(isCorner && draft.tier ? { tier: draft.tier } : {}),
        ...(isCorner ? { rui: hasRui ? { section: draft.ruiSection ?? ('' as TRuiSection), number: draft.ruiNumber } : null } : {}),
        ...(user.role === 'broker' && draft.brokerType ? { brokerType: draft.brokerType } : {}),
      });
      toast('success', 'Utente aggiornato.');
      await refresh();
      return true;
    } catch (caught) {
      const error = fromTrpcError(caught);
      if (error instanceof ApiError && error.hasFields) {
        const inline: Partial<Record<keyof TDraft, string>> = {};
        const rest: string[] = [];
        for (const [path, messages] of Object.entries(error.fields)) {
          const key = FIELD_OF[path] ?? (path in draft ? (path as keyof TDraft) : null);
          if (key) inline[key] = messages.join('\n');
          else rest.push(messages.join('\n'));
        }
        setErrors(inline);
        setFormError(rest.length > 0 ? { kind: 'error', messages: rest } : null);
      } else {
        setErrors({});
        setFormError(describeError(error));
      }
      return false;
    }
  };

  /** Asks again, then runs `run` inside the confirmation (its loading state); a failure keeps it open. */
  const act = (title: string, message: string, confirmLabel: string, run: () => Promise<unknown>, done: string, isDestructive = false) =>
    void confirm({
      title,
      message,
      confirmLabel,
      isDestructive,
      action: async () => {
        try {
          await run();
          toast('success', done);
          await refresh();
          return true;
        } catch (error) {
          showApiError(error);
          return false;
        }
      },
    });

  const state = user?.state;
  return (
    <>
      <Dialog opened={user !== null} onClose={onClose} title={user ? `Modifica ${name}` : 'Modifica utente'} size="lg" onConfirm={save} labels={{ confirm: 'Salva' }}>
        {user && draft && (
          <Stack gap="sm">
            <FormAlert error={formError} />
            <Text size="sm" c="dimmed">
              {user.email} · stato {ACCOUNT_STATE_LABELS[user.state]}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Nome" value={draft.name} onChange={(event) => set('name', event.currentTarget.value)} error={errors.name} />
              <TextInput label="Cognome" value={draft.surname} onChange={(event) => set('surname', event.currentTarget.value)} error={errors.surname} />
              <TextInput label="Ragione sociale" value={draft.business} onChange={(event) => set('business', event.currentTarget.value)} error={errors.business} />
              <TextInput label="Partita IVA" value={draft.vat} onChange={(event) => set('vat', event.currentTarget.value)} error={errors.vat} />
              <TextInput label="Codice fiscale" value={draft.cf} onChange={(event) => set('cf', event.currentTarget.value)} error={errors.cf} />
              <TextInput label="Telefono" value={draft.phone} onChange={(event) => set('phone', event.currentTarget.value)} error={errors.phone} />
            </SimpleGrid>
            {user.role === 'corner' && (
              <>
                <Select
                  label="Livello"
                  description="Decide quali settori il corner può aprire."
                  data={TIERS.map((tier) => ({ value: tier, label: TIER_HINTS[tier] }))}
                  value={draft.tier}
                  onChange={(value) => set('tier', value as TTier | null)}
                  allowDeselect={false}
                  error={errors.tier}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Select
                    label="Sezione RUI"
                    placeholder="Nessuna"
                    data={RUI_SECTIONS.map((section) => ({ value: section, label: `Sezione ${section}` }))}
                    value={draft.ruiSection}
                    onChange={(value) => set('ruiSection', value as TRuiSection | null)}
                    clearable
                    error={errors.ruiSection}
                  />
                  <TextInput
                    label="Numero RUI"
                    placeholder="E000123456"
                    description={detail.data?.rui?.verifiedAt ? `Verificato il ${detail.data.rui.verifiedAt.toLocaleDateString('it-IT')}` : 'Lettera della sezione e 9 cifre'}
                    value={draft.ruiNumber}
                    onChange={(event) => set('ruiNumber', event.currentTarget.value)}
                    error={errors.ruiNumber}
                  />
                </SimpleGrid>
              </>
            )}
            {user.role === 'broker' && (
              <Select
                label="Settore del broker"
                data={BROKER_TYPES.map((type) => ({ value: type, label: BROKER_TYPE_LABELS[type] }))}
                value={draft.brokerType}
                onChange={(value) => set('brokerType', value as TBrokerType | null)}
                allowDeselect={false}
                error={errors.brokerType}
              />
            )}
            <Divider label="Account" labelPosition="left" />
            <Group gap="xs">
              {state === 'pending' && (
                <Button size="compact-sm" variant="light" color="teal" onClick={() => act('Approvare la registrazione?', `${name} potrà accedere alla piattaforma.`, 'Approva', () => setState.mutateAsync({ userId: user.id, state: 'active' }), 'Registrazione approvata.')}>
                  Approva
                </Button>
              )}
              {state === 'inactive' && (
                <Button size="compact-sm" variant="light" color="teal" onClick={() => act("Riattivare l'account?", `${name} potrà di nuovo accedere.`, 'Attiva', () => setState.mutateAsync({ userId: user.id, state: 'active' }), 'Account attivato.')}>
                  Attiva
                </Button>
              )}
              {state === 'active' && user.role !== 'admin' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => act("Disattivare l'account?", `${name} non potrà più accedere e le sue sessioni aperte saranno chiuse.`, 'Disattiva', () => setState.mutateAsync({ userId: user.id, state: 'inactive' }), 'Account disattivato.', true)}
                >
                  Disattiva
                </Button>
              )}
              {state !== 'inactive' && (
                <>
                  <Button size="compact-sm" variant="default" onClick={() => act("Inviare di nuovo l'invito?", `${user.email} riceverà il link per scegliere la password (valido 7 giorni).`, 'Invia', () => invite.mutateAsync({ userId: user.id }), 'Invito inviato.')}>
                    Invia di nuovo l'invito
                  </Button>
                  <Button size="compact-sm" variant="default" onClick={() => act('Reimpostare la password?', `${user.email} riceverà il link per sceglierne una nuova (valido un'ora).`, 'Invia', () => passwordReset.mutateAsync({ userId: user.id }), 'Email di reimpostazione inviata.')}>
                    Reimposta password
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        )}
      </Dialog>
      {dialog}
    </>
  );
};
