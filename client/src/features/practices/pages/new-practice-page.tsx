import { Button, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SECTORS, isUtilitySector } from '../../../../../shared/sectors';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session/use-session';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useCreatePractice } from '../api/use-practices';
import { ClientPicker } from '../components/client-picker';
import { NEW_PRACTICE_CLIENT_PARAM, practicePath, practicesPath, sectorOfPath } from '../paths';
import { sectorModule } from '../sectors/module-list';

/**
 * `/rca/nuova`: a new request of a sector for one of the caller's clients, picked here by search or given by the
 * address (`?cliente=<id>`, from the client's page). Saved, it opens the practice.
 */
const NewPracticePage = () => {
  const sector = sectorOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useSession();
  const create = useCreatePractice();
  const [clientMissing, setClientMissing] = useState(false);
  const clientId = searchParams.get(NEW_PRACTICE_CLIENT_PARAM);
  // The client chosen (the picker reads the same query): a supply request starts from its address.
  const trpc = useTRPC();
  const client = useQuery({ ...trpc.clients.get.queryOptions({ id: clientId ?? '' }, { retry: false }), enabled: clientId !== null });
  if (!sector) {
    return (
      <EmptyState title="Pratica non disponibile" icon="folder">
        Questo settore non gestisce ancora pratiche.
      </EmptyState>
    );
  }
  const { Form } = sectorModule(sector);
  const label = SECTORS[sector].label;
  const back = (
    <Button component={Link} to={practicesPath(sector)} variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }}>
      ← Pratiche {label}
    </Button>
  );
  if (user?.role === 'broker') {
    return (
      <Stack gap="lg">
        {back}
        <EmptyState title="Solo i corner aprono le pratiche" icon="folder">
          Le richieste {label} sono aperte dai corner per i loro clienti: le troverai nella tua lista da lavorare.
        </EmptyState>
      </Stack>
    );
  }
  const chooseClient = (id: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set(NEW_PRACTICE_CLIENT_PARAM, id);
    else next.delete(NEW_PRACTICE_CLIENT_PARAM);
    setSearchParams(next, { replace: true });
  };
  // A supply is activated with the supplier on the offer chosen here; a policy is quoted by the broker.
  const isSupply = isUtilitySector(sector);
  return (
    <Stack gap="lg">
      {back}
      <PageHeader
        title={`Nuova pratica ${label}`}
        description={
          isSupply
            ? 'Compila la richiesta con l’offerta scelta: il broker del settore la prenderà in carico e seguirà l’attivazione presso il fornitore.'
            : 'Compila la richiesta: il broker del settore la prenderà in carico e ti invierà le quotazioni.'
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <ClientPicker
          label="Cliente (contraente)"
          placeholder="Cerca per nome, codice fiscale o partita IVA"
          description={isSupply ? 'La persona o l’azienda intestataria della fornitura.' : 'La persona o l’azienda che stipula la polizza.'}
          value={clientId}
          onChange={(id) => chooseClient(id)}
          withAsterisk
          error={clientMissing && !clientId ? 'Scegli il cliente della pratica.' : undefined}
        />
        {!clientId && (
          <Text size="sm" c="dimmed" mt="xs">
            Il cliente non è ancora in rubrica? Aggiungilo da <Link to="/clienti">Clienti</Link>, poi torna qui.
          </Text>
        )}
      </Paper>
      <Form
        clientAddress={clientId ? (client.data?.address ?? null) : null}
        submitLabel="Invia la richiesta"
        isSaving={create.isPending}
        onCancel={() => void navigate(practicesPath(sector))}
        onSave={async (data) => {
          if (!clientId) {
            setClientMissing(true);
            throw new ApiError({ status: 400, message: 'Scegli il cliente della pratica (in alto).' });
          }
          const practice = await create.mutateAsync({ sector, clientId, data });
          toast('success', `Richiesta ${label} inviata.`);
          void navigate(practicePath(sector, practice.id));
        }}
      />
    </Stack>
  );
};

export default NewPracticePage;
