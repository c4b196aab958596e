import { Alert, Button, Group, Modal, Progress, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { IMPORT_LIMITS, IMPORT_MSG, type TImportMapping, type TImportResult } from '../../../../../shared/schemas/client-import';
import { FilePicker } from '../../../components/files/file-picker';
import { toast } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useClientImport } from '../api/use-client-import';
import { ClientImportPreview, ImportCounts } from './client-import-preview';

const ACCEPT = '.csv,.txt,.xlsx,.xls,.ods,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';
const MAX_MB = IMPORT_LIMITS.maxFileBytes / 1024 / 1024;

/** The upload's progress; once the file is sent, the server's work as a moving bar. */
const SendProgress = ({ progress, what, onAbort }: { progress: number; what: string; onAbort: () => void }) => {
  const uploaded = progress >= 1;
  return (
    <Stack gap={4} data-testid="import-progress">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {uploaded ? what : `Caricamento del file… ${Math.round(progress * 100)}%`}
        </Text>
        {/* Once the file is sent the server finishes its work: cancelling then would not undo an import. */}
        {!uploaded && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={onAbort}>
            Annulla
          </Button>
        )}
      </Group>
      <Progress size="sm" value={uploaded ? 100 : Math.round(progress * 100)} striped={uploaded} animated={uploaded} aria-label="Avanzamento dell’importazione" transitionDuration={100} />
    </Stack>
  );
};

const sameMapping = (a: TImportMapping, b: TImportMapping) => JSON.stringify(Object.entries(a).filter(([, v]) => v !== null && v !== undefined).sort()) === JSON.stringify(Object.entries(b).filter(([, v]) => v !== null && v !== undefined).sort());

/** Choose a file → preview (dry run, mapping, errors per row) → import in one go → summary. */
const ClientImportFlow = ({ onClose }: { onClose: () => void }) => {
  const { send, abort, progress } = useClientImport();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TImportResult | null>(null);
  const [mapping, setMapping] = useState<TImportMapping>({});
  const [done, setDone] = useState<TImportResult | null>(null);
  const [working, setWorking] = useState<'check' | 'import' | null>(null);
  const step = done ? 2 : preview ? 1 : 0;

  const check = async (chosen: File, chosenMapping: TImportMapping | null) => {
    setWorking('check');
    const result = await send({ file: chosen, mapping: chosenMapping, dryRun: true });
    setWorking(null);
    if (!result) return;
    setPreview(result);
    setMapping(result.mapping);
  };

  const runImport = async () => {
    if (!file) return;
    setWorking('import');
    const result = await send({ file, mapping, dryRun: false });
    setWorking(null);
    if (!result) return;
    setDone(result);
    toast('success', IMPORT_MSG.imported(result.counts.imported));
  };

  const importable = preview ? preview.counts.valid + preview.counts.warnings : 0;
  const isDirty = preview !== null && !sameMapping(mapping, preview.mapping);

  return (
    <Stack gap="md">
      <Stepper active={step} size="sm" iconSize={28} allowNextStepsSelect={false}>
        <Stepper.Step label="File" />
        <Stepper.Step label="Anteprima" />
        <Stepper.Step label="Riepilogo" />
      </Stepper>

      {step === 0 && (
        <Stack gap="sm">
          <Text size="sm">
            Carica un file CSV (separato da punto e virgola o virgola) o Excel (il primo foglio): la prima riga deve contenere i nomi delle colonne. Al
            massimo {MAX_MB} MB e {IMPORT_LIMITS.maxRows.toLocaleString('it-IT')} righe.
          </Text>
          <FilePicker
            accept={ACCEPT}
            label="Scegli il file"
            hint="Trascina qui il file CSV o Excel oppure"
            inputLabel="File da importare"
            disabled={working !== null}
            onPick={([picked]) => {
              if (!picked) return;
              setFile(picked.file);
              void check(picked.file, null);
            }}
          />
          {file && <Text size="sm" c="dimmed">{file.name}</Text>}
        </Stack>
      )}

      {step === 1 && preview && (
        <Stack gap="md">
          <ClientImportPreview result={preview} mapping={mapping} onMappingChange={setMapping} disabled={working !== null} />
          {preview.counts.warnings > 0 && (
            <Alert color="yellow" variant="light">
              Le righe «da verificare» hanno dati che non corrispondono al codice fiscale: verranno importate così come sono.
            </Alert>
          )}
          {isDirty && (
            <Alert color="blue" variant="light">
              Hai cambiato le colonne: premi «Ricontrolla» per vedere l’esito con le nuove associazioni.
            </Alert>
          )}
        </Stack>
      )}

      {step === 2 && done && (
        <Stack gap="sm" data-testid="import-summary">
          <Text fw={600}>{IMPORT_MSG.imported(done.counts.imported)}</Text>
          <ImportCounts counts={done.counts} />
          {done.counts.errors + done.counts.duplicates > 0 && (
            <Text size="sm" c="dimmed">
              Le righe con errori e i duplicati non sono stati importati. Correggi le righe nel file e importalo di nuovo: i clienti già importati
              risulteranno duplicati e non verranno creati due volte.
            </Text>
          )}
        </Stack>
      )}

      {progress !== null && <SendProgress progress={progress} what={working === 'import' ? 'Importazione dei clienti in corso…' : 'Controllo delle righe in corso…'} onAbort={abort} />}

      <Group justify="flex-end" gap="sm">
        {step === 0 && (
          <Button variant="default" onClick={onClose}>
            Annulla
          </Button>
        )}
        {step === 1 && (
          <>
            <Button
              variant="default"
              disabled={working !== null}
              onClick={() => {
                setPreview(null);
                setFile(null);
              }}
            >
              Scegli un altro file
            </Button>
            <Button variant="light" disabled={working !== null || !file} loading={working === 'check'} onClick={() => file && void check(file, mapping)}>
              Ricontrolla
            </Button>
            <Button disabled={working !== null || isDirty || importable === 0} loading={working === 'import'} onClick={() => void runImport()}>
              {importable === 1 ? 'Importa 1 cliente' : `Importa ${importable} clienti`}
            </Button>
          </>
        )}
        {step === 2 && <Button onClick={onClose}>Chiudi</Button>}
      </Group>
    </Stack>
  );
};

type TClientImportModalProps = { opened: boolean; onClose: () => void };

/** "Importa": clients from a CSV or Excel file, in a dialog (the whole screen on a phone). */
export const ClientImportModal = ({ opened, onClose }: TClientImportModalProps) => {
  const isPhone = useIsPhone();
  return (
    <Modal opened={opened} onClose={onClose} title="Importa clienti da file" size="90rem" fullScreen={isPhone} radius={isPhone ? 0 : 'lg'}>
      {/* Mounted only while open: every opening starts again from the file. */}
      {opened && <ClientImportFlow onClose={onClose} />}
    </Modal>
  );
};
