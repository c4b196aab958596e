import { Alert, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../../../../shared/schemas/client-import';
import { OUTCOME_HEADERS, OUTCOMES, type TOutcomeReport, type TUtilityBulkSector } from '../../../../../shared/schemas/utility-bulk';
import { FilePicker } from '../../../components/files/file-picker';
import { toast } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-is-phone';
import { OutcomeReportTable } from './outcome-report-table';
import { saveFile } from '../../../lib/save-file';
import { useOutcomeImport } from './use-utility-bulk';
import { reportFilename, reportSummary, reportToCsv } from './utility-bulk';

const ACCEPT = '.csv,.xlsx,.xls';
const MAX_MB = IMPORT_LIMITS.maxFileBytes / 1024 / 1024;
const OUTCOME_WORDS_TEXT = Object.values(OUTCOMES).join(', ').replace(/, ([^,]*)$/, ' o $1');
const headersOf = (names: readonly string[]) => names.map((name) => `«${name}»`).join(', ');

/** What each column of the supplier's file holds, with the header names that are recognised. */
const OutcomeColumns = ({ sector }: { sector: TUtilityBulkSector }) => (
  <List size="sm" spacing={4}>
    <List.Item>
      <Text span fw={600} size="sm">
        Codice
      </Text>
      : {sector === 'luce-e-gas' ? 'POD, PDR o codice pratica' : 'codice pratica (la prima colonna dell’esportazione)'}. Intestazioni riconosciute:{' '}
      {headersOf(OUTCOME_HEADERS.code)}.
    </List.Item>
    <List.Item>
      <Text span fw={600} size="sm">
        Esito
      </Text>
      : {OUTCOME_WORDS_TEXT}. Intestazioni riconosciute: {headersOf(OUTCOME_HEADERS.outcome)}.
    </List.Item>
    <List.Item>
      <Text span fw={600} size="sm">
        Data
      </Text>
      : la data dell’esito, GG/MM/AAAA o AAAA-MM-GG; serve per {OUTCOMES.activated} e {OUTCOMES.ceased}. Intestazioni riconosciute:{' '}
      {headersOf(OUTCOME_HEADERS.date)}.
    </List.Item>
    <List.Item>
      <Text span fw={600} size="sm">
        Motivo
      </Text>
      : il motivo del rifiuto, almeno 5 caratteri; serve per {OUTCOMES.rejected}. Intestazioni riconosciute: {headersOf(OUTCOME_HEADERS.reason)}.
    </List.Item>
  </List>
);

/** The upload's progress; once the file is sent, the server's work as a moving bar. */
const SendProgress = ({ progress, onAbort }: { progress: number; onAbort: () => void }) => {
  const uploaded = progress >= 1;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {uploaded ? 'Registrazione degli esiti in corso…' : `Caricamento del file… ${Math.round(progress * 100)}%`}
        </Text>
        {/* Once the file is sent the server applies it in one go: cancelling then would not undo it. */}
        {!uploaded && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={onAbort}>
            Annulla caricamento
          </Button>
        )}
      </Group>
      <Progress size="sm" value={uploaded ? 100 : Math.round(progress * 100)} striped={uploaded} animated={uploaded} aria-label="Avanzamento dell’importazione" transitionDuration={100} />
    </Stack>
  );
};

type TOutcomeImportFlowProps = { sector: TUtilityBulkSector; upload: ReturnType<typeof useOutcomeImport>; onClose: () => void };

/** Choose the file → import → the report row by row (downloadable as CSV). */
const OutcomeImportFlow = ({ sector, upload, onClose }: TOutcomeImportFlowProps) => {
  const { send, abort, progress, isSending } = upload;
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<TOutcomeReport | null>(null);

  const runImport = async () => {
    if (!file) return;
    const answer = await send(file);
    if (answer) setReport(answer);
  };

  if (report) {
    return (
      <Stack gap="md">
        <Stack gap={4}>
          <Text fw={700} data-testid="outcome-summary">
            {reportSummary(report)}
          </Text>
          {report.errors > 0 && (
            <Text size="sm" c="dimmed">
              Le righe non applicate non hanno cambiato nulla: correggile nel file, o prendi in carico le attivazioni, e importalo di nuovo.
            </Text>
          )}
        </Stack>
        <OutcomeReportTable sector={sector} rows={report.rows} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => saveFile(reportToCsv(report), reportFilename(sector, new Date()), 'text/csv;charset=utf-8')}>
            Scarica il report CSV
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setReport(null);
              setFile(null);
            }}
          >
            Importa un altro file
          </Button>
          <Button onClick={onClose}>Chiudi</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        Carica il file degli esiti ricevuto dal fornitore, CSV (separato da punto e virgola o virgola) o Excel (il primo foglio), al massimo {MAX_MB} MB: la
        prima riga deve contenere i nomi delle colonne. Va bene anche il file esportato da qui, con le colonne Esito, Data e Motivo compilate.
      </Text>
      <OutcomeColumns sector={sector} />
      <Alert color="blue" variant="light">
        Si aggiornano solo le attivazioni che hai preso in carico («Prendi in carico»), ciascuna subito allo stato indicato dal file. Le altre righe
        restano come sono e il report ne spiega il motivo.
      </Alert>
      <FilePicker
        accept={ACCEPT}
        label="Scegli il file"
        hint="Trascina qui il file CSV o Excel oppure"
        inputLabel="File degli esiti"
        disabled={isSending}
        onPick={([picked]) => {
          if (!picked) return;
          if (picked.file.size > IMPORT_LIMITS.maxFileBytes) {
            toast('warn', IMPORT_MSG.fileTooLarge);
            return;
          }
          setFile(picked.file);
        }}
      />
      <Text size="sm" c={file ? undefined : 'dimmed'} data-testid="outcome-file">
        {file ? `File scelto: ${file.name}` : 'Nessun file scelto.'}
      </Text>
      {progress !== null && <SendProgress progress={progress} onAbort={abort} />}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isSending}>
          Annulla
        </Button>
        <Button onClick={() => void runImport()} disabled={!file} loading={isSending}>
          Importa
        </Button>
      </Group>
    </Stack>
  );
};

type TOutcomeImportModalProps = { sector: TUtilityBulkSector; opened: boolean; onClose: () => void };

/** "Importa esiti": the supplier's outcome file moves many activations at once, with a report row by row. */
export const OutcomeImportModal = ({ sector, opened, onClose }: TOutcomeImportModalProps) => {
  const isPhone = useIsPhone();
  const upload = useOutcomeImport(sector);
  // While the file travels or the server applies it, the dialog stays open: closing it would lose the report.
  const close = () => {
    if (!upload.isSending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Importa esiti del fornitore" size="64rem" fullScreen={isPhone} radius={isPhone ? 0 : 'lg'}>
      {/* Mounted only while open: every opening starts again from the file. */}
      {opened && <OutcomeImportFlow sector={sector} upload={upload} onClose={close} />}
    </Modal>
  );
};
