import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { endSentence } from '../../../../../../shared/rules/sentence';
import { useState } from 'react';
import { practiceDefinition } from '../../../../../../shared/practices/registry';
import type { TPractice } from '../../../../../../shared/schemas/practices';
import type { TQuotation } from '../../../../../../shared/schemas/quotations';
import { buildFileUrl } from '../../../../components/files/download-url';
import { PageLoader } from '../../../../components/page-loader';
import { QueryError } from '../../../../components/query-error';
import { describeError, type TErrorDisplay } from '../../../../lib/api-error-display';
import { toast } from '../../../../lib/toast';
import { ActionError } from '../action-error';
import { useChooseQuotation, useQuotations } from '../api/use-quotations';
import type { TPracticeViewer } from '../practice-actions';
import { compareQuotations, missingCoversWarning, requestedCoversOf, type TRequestedCover } from '../quotation-compare';
import { QuotationDialog } from './quotation-dialog';

/** Quotations are added, changed and chosen only while the practice is being quoted (the engine's initial state). */
type TQuotationsPanelProps = { practice: TPractice; viewer: TPracticeViewer; isQuoting: boolean };

const DIFFERS_BG = 'var(--mantine-color-yellow-light)';

const ColumnHeader = ({ quotation, requested }: { quotation: TQuotation; requested: readonly TRequestedCover[] }) => {
  const warning = missingCoversWarning(requested, quotation.covers);
  return (
    <Stack gap={2}>
      <Text fw={650} size="sm">
        {quotation.companyName}
      </Text>
      <Group gap={4}>
        {quotation.chosen && (
          <Badge color="teal" variant="filled" size="sm" style={{ textTransform: 'none' }}>
            Scelto
          </Badge>
        )}
        {!quotation.stillValid && (
          <Badge color="red" variant="light" size="sm" style={{ textTransform: 'none' }}>
            Scaduto
          </Badge>
        )}
      </Group>
      {/* A requested cover left out is easy to miss in a long table: said on the quotation itself. */}
      {warning && (
        <Text size="xs" fw={600} c="orange" data-testid="quotation-missing-covers">
          <span aria-hidden="true">⚠ </span>
          {warning}
        </Text>
      )}
    </Stack>
  );
};

/**
 * The practice's quotations side by side: one column each, a row per term (premium, limits, every cover any of
 * them includes, conditions, validity), the rows where they differ highlighted and the cheapest premium marked.
 * The corner (or an admin) picks one with "Scegli"; the broker who quotes adds and changes them, with the PDF.
 */
export const QuotationsPanel = ({ practice, viewer, isQuoting }: TQuotationsPanelProps) => {
  const quotations = useQuotations(practice.sector, practice.id);
  const choose = useChooseQuotation(practice.sector, practice.id);
  const [editing, setEditing] = useState<{ quotation: TQuotation | null } | null>(null);
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const canQuote = isQuoting && (viewer.role === 'admin' || (viewer.role === 'broker' && (practice.brokerId === null || practice.brokerId === viewer.id)));
  const canChoose = isQuoting && (viewer.role === 'corner' || viewer.role === 'admin');

  const handleChoose = (quotation: TQuotation) => {
    setFailure(null);
    choose.mutate(
      { sector: practice.sector, id: practice.id, qid: quotation.id },
      { onSuccess: () => toast('success', endSentence(`Hai scelto il preventivo di ${quotation.companyName}`)), onError: (error) => setFailure(describeError(error)) },
    );
  };

  const list = quotations.data ?? [];
  // The company heads each column already.
  const limits = practiceDefinition(practice.sector).quotation?.limits ?? 'liability';
  const insuredLabel = practice.sector === 'fideiussioni' ? 'Importo garantito' : 'Somma assicurata';
  const requested = requestedCoversOf(practice.sector, practice.data);
  const rows = compareQuotations(list, insuredLabel, requested).filter((row) => row.key !== 'company');
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="practice-quotations">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md" id="practice-quotations">
          Preventivi
        </Title>
        {canQuote && (
          <Button size="sm" onClick={() => setEditing({ quotation: null })}>
            Aggiungi preventivo
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        <ActionError error={failure} />
        {canQuote && practice.brokerId === null && viewer.role === 'broker' && (
          <Text size="xs" c="dimmed">
            Aggiungendo un preventivo prendi in carico la pratica.
          </Text>
        )}
        {quotations.isPending ? (
          <PageLoader />
        ) : quotations.isError ? (
          <QueryError title="Impossibile caricare i preventivi" error={quotations.error} onRetry={() => void quotations.refetch()} isRetrying={quotations.isFetching} />
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {viewer.role === 'corner' ? 'Nessun preventivo ancora: il broker li aggiungerà qui.' : 'Nessun preventivo ancora.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={260 + list.length * 200}>
            <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-label="Confronto dei preventivi">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Voce</Table.Th>
                  {list.map((quotation) => (
                    <Table.Th key={quotation.id} scope="col" bg={quotation.chosen ? 'var(--mantine-color-teal-light)' : undefined}>
                      <ColumnHeader quotation={quotation} requested={requested} />
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key} bg={row.differs ? DIFFERS_BG : undefined} data-differs={row.differs || undefined}>
                    <Table.Th scope="row" fw={500}>
                      {row.label}
                      {row.differs && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          (diverso)
                        </Text>
                      )}
                    </Table.Th>
                    {row.cells.map((cell, index) => (
                      <Table.Td key={list[index]!.id} fw={row.best === index ? 700 : undefined} style={{ whiteSpace: 'pre-line' }}>
                        {cell}
                        {row.best === index && ' · il più conveniente'}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th scope="row" fw={500}>
                    PDF
                  </Table.Th>
                  {list.map((quotation) => (
                    <Table.Td key={quotation.id}>
                      {quotation.file ? (
                        <Anchor href={buildFileUrl(quotation.file.path)} target="_blank" rel="noopener" size="sm">
                          Apri il PDF
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
                {(canChoose || canQuote) && (
                  <Table.Tr>
                    <Table.Th scope="row" />
                    {list.map((quotation) => (
                      <Table.Td key={quotation.id}>
                        <Group gap="xs">
                          {canChoose && (
                            <Button
                              size="xs"
                              aria-label={`Scegli il preventivo di ${quotation.companyName}`}
                              disabled={quotation.chosen || !quotation.stillValid}
                              loading={choose.isPending && choose.variables.qid === quotation.id}
                              onClick={() => handleChoose(quotation)}
                            >
                              {quotation.chosen ? 'Scelto' : 'Scegli'}
                            </Button>
                          )}
                          {canQuote && (
                            <Button size="xs" variant="default" aria-label={`Modifica il preventivo di ${quotation.companyName}`} onClick={() => setEditing({ quotation })}>
                              Modifica
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {canQuote && <QuotationDialog sector={practice.sector} limits={limits} practiceId={practice.id} requested={requested} editing={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
};
