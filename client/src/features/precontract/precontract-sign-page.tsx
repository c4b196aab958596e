import { Alert, Anchor, Badge, Button, Group, List, Paper, PinInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import superjson from 'superjson';
import type { AppRouter } from '../../../../server/trpc/app-router';
import { INSTALMENT_PHRASES, type TInstalments } from '../../../../shared/practices/quotation';
import { FormAlert } from '../../components/form-alert';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { describeError, type TErrorDisplay } from '../../lib/api-error-display';
import { formatCents, formatDate } from '../../lib/format';
import { TRPCProvider, useTRPC } from '../../lib/trpc';
import { trpcHttpLink } from '../../lib/trpc-client';

/** Where the documents are downloaded from: a file download, not an API call, so a plain link. */
const documentsBase = (token: string) => `/api/public/precontract/${encodeURIComponent(token)}`;

/**
 * The page is outside the signed-in shell (whose provider opens the realtime WebSocket): its own tRPC client, over
 * HTTP only, with superjson for the dates of the answers. Made once, when the page's chunk loads.
 */
const publicPageClient = createTRPCClient<AppRouter>({ links: [trpcHttpLink(superjson)] });

/**
 * /firma-precontrattuale/:token: the client (not a platform user) reads the pre-contract pack prepared by the
 * intermediary and signs it with a code sent to its e-mail. Public: the token of the link is the only key.
 */
const PrecontractSignPage = () => {
  const queryClient = useQueryClient();
  return (
    <TRPCProvider trpcClient={publicPageClient} queryClient={queryClient}>
      <PrecontractSign />
    </TRPCProvider>
  );
};

const PrecontractSign = () => {
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const precontract = trpc.practices.precontract;
  const pack = useQuery(precontract.publicView.queryOptions({ token }, { retry: false }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: precontract.publicView.queryKey({ token }) });
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);

  const askCode = useMutation(
    precontract.publicSendCode.mutationOptions({
      onSuccess: async (answer) => {
        setFailure(null);
        setNotice(answer.message);
        await refresh();
      },
      onError: (error) => setFailure(describeError(error)),
    }),
  );
  const sign = useMutation(
    precontract.publicSign.mutationOptions({
      onSuccess: async (answer) => {
        setFailure(null);
        setNotice(answer.message);
        setCode('');
        await refresh();
      },
      onError: async (error) => {
        setFailure(describeError(error));
        await refresh();
      },
    }),
  );

  const handleSign = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length === 6) sign.mutate({ token, otp: code });
  };

  if (pack.isPending) return <PageLoader />;
  if (pack.isError) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 48 }} maw={720} mx="auto">
        <PageTitle title="Documenti precontrattuali" />
        <Alert color="red" variant="light" role="alert" title="Link non valido">
          {describeError(pack.error).messages.join(' ')}
        </Alert>
      </Paper>
    );
  }
  const data = pack.data;
  const isSigned = data.status === 'signed';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 48 }} maw={760} mx="auto" component="article">
      <PageTitle title="Documenti precontrattuali" />
      <Stack gap="lg">
        <div>
          <Group justify="space-between" align="flex-start">
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              Documenti precontrattuali
            </Title>
            <Badge color={isSigned ? 'green' : 'yellow'} variant="light" size="lg">
              {isSigned ? 'Firmati' : 'Da firmare'}
            </Badge>
          </Group>
          <Text c="dimmed" mt="xs">
            Gentile {data.clientName}, {data.cornerName} per conto di {data.intermediaryName} ti ha preparato i documenti della polizza RC Auto per{' '}
            {data.practiceTitle}.
          </Text>
        </div>
        {data.quotation && (
          <Text>
            Contratto proposto: {data.quotation.companyName}, premio annuo {formatCents(data.quotation.premiumCents)},{' '}
            {INSTALMENT_PHRASES[data.quotation.instalments as TInstalments] ?? `in ${data.quotation.instalments} rate`}, offerta valida fino al{' '}
            {formatDate(data.quotation.validUntil)}.
          </Text>
        )}
        <div>
          <Title order={2} fz={18} mb="xs">
            Leggi i documenti
          </Title>
          <List spacing="xs">
            <List.Item>
              <Anchor href={`${documentsBase(token)}/document`} target="_blank" rel="noopener">
                {isSigned ? 'Documenti firmati (PDF)' : 'Informativa precontrattuale e questionario (PDF)'}
              </Anchor>{' '}
              <Anchor href={`${documentsBase(token)}/document?download`} size="sm" c="dimmed">
                scarica
              </Anchor>
            </List.Item>
            {data.attachments.map((attachment) => (
              <List.Item key={attachment.index}>
                <Anchor href={`${documentsBase(token)}/attachments/${attachment.index}`} target="_blank" rel="noopener">
                  {attachment.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed" mt="xs" style={{ wordBreak: 'break-all' }}>
            Impronta SHA-256 del documento da firmare: {data.documentSha256}
          </Text>
        </div>
        {notice && (
          <Alert color="green" variant="light" role="status">
            {notice}
          </Alert>
        )}
        <FormAlert error={failure} />
        {isSigned ? (
          <Text>Hai firmato i documenti il {data.signedAt ? new Date(data.signedAt).toLocaleString('it-IT') : ''}. Puoi scaricarne la copia firmata qui sopra.</Text>
        ) : (
          <Stack gap="md">
            <Title order={2} fz={18}>
              Firma con un codice
            </Title>
            <Text size="sm">
              Ti invieremo un codice di 6 cifre a {data.maskedEmail}. Inserendolo dichiari di aver ricevuto e letto i documenti e li sottoscrivi.
            </Text>
            <Group>
              <Button variant={data.otp ? 'default' : 'filled'} onClick={() => askCode.mutate({ token })} loading={askCode.isPending}>
                {data.otp ? 'Invia un nuovo codice' : 'Invia il codice'}
              </Button>
              {data.otp && (
                <Text size="sm" c="dimmed">
                  Codice inviato a {data.otp.maskedDestination}: tentativi rimasti {data.otp.attemptsLeft}.
                </Text>
              )}
            </Group>
            {data.otp && (
              <form noValidate onSubmit={handleSign}>
                <Stack gap="sm" align="flex-start">
                  <Text fw={500} id="precontract-otp-label">
                    Codice ricevuto
                  </Text>
                  <PinInput
                    length={6}
                    type="number"
                    inputMode="numeric"
                    oneTimeCode
                    value={code}
                    onChange={setCode}
                    getInputProps={(index) => ({ 'aria-label': `Cifra ${index + 1} di 6 del codice` })}
                  />
                  <Button type="submit" loading={sign.isPending} disabled={code.length !== 6}>
                    Firma i documenti
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          Il link è personale e vale fino al {formatDate(data.linkExpiresAt)}.
        </Text>
      </Stack>
    </Paper>
  );
};

export default PrecontractSignPage;
