import { mergePatchFrom } from '../../../../../shared/rules/merge-patch-from';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { TAnySectorDefinition, TTransitionDefinition } from '../../../../../shared/practices/definition';
import { practiceDefinition } from '../../../../../shared/practices/registry';
import type { TPractice } from '../../../../../shared/schemas/practices';
import { SECTORS, type TSectorSlug } from '../../../../../shared/sectors';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { practiceStateColor } from '../../../components/practices/practice-state-badge';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { formatCents } from '../../../lib/format';
import { useSession } from '../../../lib/session/use-session';
import { toast } from '../../../lib/toast';
import { fromTrpcError } from '../../../lib/trpc-error';
import { sectorOfPath } from '../paths';
import { sectorModule } from '../sectors/module-list';
import { ActionError } from './action-error';
import { usePractice, usePracticeLive, useTakePractice, useTransitionPractice, useUpdatePractice } from './api/use-practice';
import { useQuotations } from './api/use-quotations';
import { isFinalState } from './practice-actions';
import { PracticeActionsBar } from './practice-actions-bar';
import { PracticeDocumentsPanel } from './practice-documents-panel';
import { PracticeHistory } from './practice-history';
import { isUtilityPractice } from './practice-ledger';
import { PracticeLedgerPanel } from './practice-ledger-panel';
import { PracticeOverview } from './practice-overview';
import { PracticeThreadPanel } from './practice-thread-panel';
import { PrecontractPanel } from './precontract/precontract-panel';
import { QuotationsPanel } from './quotations/quotations-panel';
import { TransitionDialog, type TQuotationChoice } from './transition-dialog';

/** Another corner's practice, another sector's broker, a malformed id: all read as missing. */
const isMissing = (error: unknown): boolean => {
  const failure = fromTrpcError(error);
  return failure instanceof ApiError && (failure.status === 404 || failure.status === 400);
};

const BackLink = ({ sector }: { sector: TSectorSlug }) => (
  <Button component={Link} to={SECTORS[sector].route} variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }}>
    ← Tutte le pratiche {SECTORS[sector].label}
  </Button>
);

/** The quotation askEmission sends: the chosen one (the engine refuses any other). */
const useChosenQuotations = (sector: TSectorSlug, id: string, hasQuotations: boolean): TQuotationChoice[] => {
  const quotations = useQuotations(sector, id, hasQuotations);
  return (quotations.data ?? [])
    .filter((quotation) => quotation.chosen)
    .map((quotation) => ({ id: quotation.id, label: `${quotation.companyName} · ${formatCents(quotation.premiumCents)}`, isChosen: true }));
};

const PracticeView = ({ definition, practice }: { definition: TAnySectorDefinition; practice: TPractice }) => {
  const { sector, id } = practice;
  const user = useSession().user;
  const viewer = { id: user?.id ?? '', role: user?.role ?? 'corner' } as const;
  const { Form, Summary, fieldLabel } = sectorModule(sector);
  const take = useTakePractice(sector, id);
  const transition = useTransitionPractice(sector, id);
  const [pending, setPending] = useState<TTransitionDefinition | null>(null);
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const hasQuotations = SECTORS[sector].kind === 'insurance';
  const update = useUpdatePractice(sector, id);
  const [isEditing, setIsEditing] = useState(false);
  const canEdit = viewer.role !== 'broker' && (definition.editableIn as readonly string[]).includes(practice.state) && !isFinalState(definition, practice.state);
  const chosen = useChosenQuotations(sector, id, hasQuotations);

  const handleTake = () => {
    setFailure(null);
    take.mutate(
      { sector, id },
      {
        onSuccess: () => toast('success', 'Pratica presa in carico.'),
        onError: (error) => setFailure(describeError(error)),
      },
    );
  };

  return (
    <Stack gap="lg">
      <BackLink sector={sector} />
      <PageHeader
        title={practice.title || `Pratica ${SECTORS[sector].label}`}
        description={`Pratica ${SECTORS[sector].label}`}
        actions={
          <Group gap="sm" align="flex-start">
            {canEdit && !isEditing && (
              <Button variant="default" onClick={() => setIsEditing(true)}>
                Modifica dati
              </Button>
            )}
            <PracticeActionsBar
              definition={definition}
              practice={practice}
              viewer={viewer}
              isTaking={take.isPending}
              onTake={handleTake}
              onTransition={(next) => {
                setFailure(null);
                setPending(next);
              }}
            />
          </Group>
        }
      />
      <Group gap="xs" mt={-8}>
        <Badge size="lg" variant="light" color={practiceStateColor(sector, practice.state)} aria-label={`Stato: ${practice.stateLabel}`}>
          {practice.stateLabel}
        </Badge>
        <Text size="sm" c="dimmed">
          {practice.brokerName ? `In carico a ${practice.brokerName}` : 'Non ancora presa in carico'}
        </Text>
      </Group>
      <ActionError error={failure} />
      <PracticeOverview practice={practice} canSeePayments={viewer.role === 'corner'} />
      {isUtilityPractice(sector) && <PracticeLedgerPanel practice={practice} />}
      {isEditing && canEdit ? (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section" aria-label="Modifica dei dati della pratica">
          <Form
            initialData={practice.data}
            submitLabel="Salva le modifiche"
            isSaving={update.isPending}
            onCancel={() => setIsEditing(false)}
            onSave={async (data) => {
              // The update is a merge patch: what the form dropped (an answer no longer asked) is removed with null.
              await update.mutateAsync({ sector, id, data: mergePatchFrom(practice.data, data) });
              toast('success', 'Pratica aggiornata.');
              setIsEditing(false);
            }}
          />
        </Paper>
      ) : (
        <Summary data={practice.data} createdAt={practice.createdAt} expectedStartDate={practice.expectedStartDate} />
      )}
      {hasQuotations && <QuotationsPanel practice={practice} viewer={viewer} isQuoting={practice.state === definition.initial} />}
      {hasQuotations && <PrecontractPanel practice={practice} canManage={(viewer.role === 'corner' || viewer.role === 'admin') && practice.state === definition.initial} />}
      <PracticeDocumentsPanel practice={practice} canWrite={viewer.role !== 'corner' || !isFinalState(definition, practice.state)} />
      <PracticeThreadPanel practice={practice} />
      <PracticeHistory sector={sector} id={id} definition={definition} fieldLabel={fieldLabel} />
      <TransitionDialog
        transition={pending}
        quotations={chosen}
        onClose={() => setPending(null)}
        onSubmit={(to, payload) => transition.mutateAsync({ sector, id, to, payload })}
      />
    </Stack>
  );
};

const PracticeDetail = ({ sector, id }: { sector: TSectorSlug; id: string }) => {
  const definition = practiceDefinition(sector);
  const practice = usePractice(sector, id);
  usePracticeLive(sector, id);
  if (practice.isPending) return <PageLoader />;
  if (practice.isError) {
    if (!isMissing(practice.error)) {
      return <QueryError title="Impossibile caricare la pratica" error={practice.error} onRetry={() => void practice.refetch()} isRetrying={practice.isFetching} />;
    }
    // Open before and now out of reach (moved with its client, deleted), or never reachable.
    return (
      <Stack gap="lg">
        <BackLink sector={sector} />
        <EmptyState title={practice.data ? 'Pratica non più disponibile' : 'Pratica non trovata'} icon="folder">
          La pratica non esiste o non è tra quelle che puoi vedere.
        </EmptyState>
      </Stack>
    );
  }
  return <PracticeView key={practice.data.id} definition={definition} practice={practice.data} />;
};

/** `/<sector route>/:id` (`/rca/<id>`): one practice of any sector with a definition, with what the viewer may do on it. */
const PracticeDetailPage = () => {
  const { id = '' } = useParams();
  const sector = sectorOfPath(useLocation().pathname);
  if (!sector) return <EmptyState title="Pratica non trovata" icon="folder">Questo indirizzo non corrisponde a nessun settore.</EmptyState>;
  return <PracticeDetail key={`${sector}/${id}`} sector={sector} id={id} />;
};

export default PracticeDetailPage;
