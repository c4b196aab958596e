import { Alert, Badge, Button, Divider, Drawer, Grid, Group, List, Paper, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ZQuestionnaire, type TQuestionnaire } from '../../../../../shared/products/questionnaire';
import { PRODUCT_MSG, type TProduct } from '../../../../../shared/schemas/products';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { useConfirm } from '../../../components/dialog/use-confirm';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QuestionnaireForm } from '../../../components/products/questionnaire-form';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { fromTrpcError } from '../../../lib/trpc-error';
import { ProductCommissionEditor, ProductDocsEditor } from './product-extras';
import { draftOf, emptyDraft, freezeKeys, inputOf, isFieldPath, issuesOfDraft, serverIssuePaths, type TEditorDraft } from './product-draft';
import { QuestionnaireEditor } from './questionnaire-editor';

/** What the drawer edits: a product, or a new one (`productId: null`, then its id once created). */
export type TEditorTarget = { productId: string | null; session: number };

type TProductEditorDrawerProps = {
  sector: TSectorSlug;
  /** The product's noun in this sector («prodotto», «tipo di fideiussione»). */
  noun: string;
  /** Null when closed; `{ productId: null }` for a new product. */
  target: TEditorTarget | null;
  onClose: () => void;
  /** A new product was created: the drawer now edits it. */
  onCreated: (productId: string) => void;
};

/** The confirmation before publishing: what publishing makes, and that old practices keep their version. */
export const publishMessage = (next: number) =>
  `Sarà pubblicata la versione ${next}: le nuove richieste useranno questa versione, mentre le pratiche già compilate mantengono la versione con cui sono state compilate.`;

/** The full-width drawer of «Nuovo prodotto» and «Modifica»: loads the product, then the editor. */
export const ProductEditorDrawer = ({ sector, noun, target, onClose, onCreated }: TProductEditorDrawerProps) => {
  const [requestClose, setRequestClose] = useState<(() => void) | null>(null);
  const close = () => (requestClose ? requestClose() : onClose());
  return (
    <Drawer
      opened={target !== null}
      onClose={close}
      position="right"
      size="100%"
      title={target?.productId ? `Modifica ${noun}` : `Nuovo ${noun}`}
      closeButtonProps={{ 'aria-label': 'Chiudi l’editor' }}
      styles={{ title: { fontWeight: 700, fontSize: 20 } }}
    >
      {target && <EditorLoader key={target.session} sector={sector} noun={noun} productId={target.productId} onClose={onClose} onCreated={onCreated} setRequestClose={setRequestClose} />}
    </Drawer>
  );
};

type TLoaderProps = {
  sector: TSectorSlug;
  noun: string;
  productId: string | null;
  onClose: () => void;
  onCreated: (productId: string) => void;
  setRequestClose: (fn: (() => void) | null) => void;
};

const EditorLoader = ({ sector, noun, productId: requested, onClose, onCreated, setRequestClose }: TLoaderProps) => {
  const trpc = useTRPC();
  // The product opened (a product created in this session keeps its editor: no reload).
  const [productId] = useState(requested);
  const product = useQuery({ ...trpc.products.admin.get.queryOptions({ sector, id: productId ?? '' }), enabled: productId !== null });
  if (productId === null) return <ProductEditor sector={sector} noun={noun} initial={null} onClose={onClose} onCreated={onCreated} setRequestClose={setRequestClose} />;
  if (product.isError) return <QueryError title={`Impossibile caricare il ${noun}`} error={product.error} onRetry={() => void product.refetch()} isRetrying={product.isFetching} />;
  if (!product.data) return <PageLoader />;
  return <ProductEditor sector={sector} noun={noun} initial={product.data} onClose={onClose} onCreated={onCreated} setRequestClose={setRequestClose} />;
};

type TEditorProps = {
  sector: TSectorSlug;
  noun: string;
  initial: TProduct | null;
  onClose: () => void;
  onCreated: (productId: string) => void;
  setRequestClose: (fn: (() => void) | null) => void;
};

/** The product's fields, questionnaire, documents and commission beside a live preview of the questionnaire. */
const ProductEditor = ({ sector, noun, initial, onClose, onCreated, setRequestClose }: TEditorProps) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.products.admin.create.mutationOptions());
  const update = useMutation(trpc.products.admin.update.mutationOptions());
  const publish = useMutation(trpc.products.admin.publish.mutationOptions());
  const { confirm: askUser, dialog } = useConfirm();
  // While a confirmation is open, Escape closes it and not the drawer (both listen to the key).
  const isAsking = useRef(false);
  const confirm = async (request: Parameters<typeof askUser>[0]) => {
    isAsking.current = true;
    try {
      return await askUser(request);
    } finally {
      isAsking.current = false;
    }
  };

  const [product, setProduct] = useState<TProduct | null>(initial);
  const [draft, setDraft] = useState<TEditorDraft>(() => (initial ? draftOf(initial) : emptyDraft()));
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(inputOf(draft)));
  const [touched, setTouched] = useState(initial !== null);
  const [serverIssues, setServerIssues] = useState<Map<string, string>>(new Map());
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});

  const input = useMemo(() => inputOf(draft), [draft]);
  const isChanged = JSON.stringify(input) !== savedJson;
  const issues = useMemo(() => issuesOfDraft(draft), [draft]);
  const errorAt = (path: string): string | undefined => (touched ? issues.get(path) : undefined) ?? serverIssues.get(path);

  // The preview shows the questionnaire as it is now when valid, else the last valid one.
  const lastValid = useRef<TQuestionnaire | null>(null);
  const preview = useMemo(() => {
    const parsed = ZQuestionnaire.safeParse(input.content.questionnaire);
    if (parsed.success) lastValid.current = parsed.data;
    return { questionnaire: parsed.success ? parsed.data : lastValid.current, isCurrent: parsed.success };
  }, [input]);

  // Closing with unsaved changes asks first.
  const closeRef = useRef<() => void>(onClose);
  closeRef.current = () => {
    if (isAsking.current) return;
    if (!isChanged) return onClose();
    void confirm({ title: 'Chiudere senza salvare?', message: 'Le modifiche non salvate andranno perse.', confirmLabel: 'Chiudi senza salvare' }).then((isSure) => isSure && onClose());
  };
  useEffect(() => {
    setRequestClose(() => () => closeRef.current());
    return () => setRequestClose(null);
  }, [setRequestClose]);

  const edit = (change: Partial<TEditorDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setTouched(true);
    if (serverIssues.size > 0) setServerIssues(new Map());
  };

  const showFailure = (caught: unknown) => {
    const error = fromTrpcError(caught);
    if (error instanceof ApiError && error.hasFields) {
      const mapped = serverIssuePaths(error.fields);
      setServerIssues(mapped);
      const rest = [...mapped].filter(([path]) => !isFieldPath(path)).map(([, message]) => message);
      setFailure(rest.length > 0 ? { kind: error.type === 'warn' ? 'warn' : 'error', messages: rest } : { kind: 'error', messages: ['Correggi i campi segnalati.'] });
    } else {
      setFailure(describeError(error));
    }
  };

  /** Saves the draft (creating the product the first time); the product as saved, or null after a failure. */
  const saveDraft = async (): Promise<TProduct | null> => {
    setFailure(null);
    setServerIssues(new Map());
    try {
      const saved = product
        ? await update.mutateAsync({ sector, id: product.id, patch: { name: input.name, description: input.description, active: input.active, content: input.content } })
        : await create.mutateAsync({ sector, product: input });
      if (!product) onCreated(saved.id);
      setProduct(saved);
      setDraft(freezeKeys);
      setSavedJson(JSON.stringify(input));
      await queryClient.invalidateQueries(trpc.products.admin.pathFilter());
      return saved;
    } catch (caught) {
      showFailure(caught);
      return null;
    }
  };

  const handleSave = async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (issues.size > 0 || isBusy) return;
    setIsBusy(true);
    const saved = await saveDraft();
    setIsBusy(false);
    if (saved) toast('success', `${noun.charAt(0).toUpperCase()}${noun.slice(1)} salvato.`);
  };

  const handlePublish = async () => {
    setTouched(true);
    if (issues.size > 0) return;
    const next = (product?.latestVersion ?? 0) + 1;
    await confirm({
      title: 'Pubblicare una nuova versione?',
      message: publishMessage(next),
      confirmLabel: 'Pubblica',
      isDestructive: false,
      action: async () => {
        const saved = isChanged || !product ? await saveDraft() : product;
        if (!saved) return false;
        try {
          const version = await publish.mutateAsync({ sector, id: saved.id });
          const fresh = await queryClient.fetchQuery({ ...trpc.products.admin.get.queryOptions({ sector, id: saved.id }), staleTime: 0 });
          setProduct(fresh);
          await queryClient.invalidateQueries(trpc.products.admin.pathFilter());
          toast('success', PRODUCT_MSG.published(version.version));
          return true;
        } catch (caught) {
          showFailure(caught);
          return false;
        }
      },
    });
  };

  const problems = touched ? [...new Set(issues.values())] : [];
  const canPublish = product === null || isChanged || product.draftChanged || product.latestVersion === null;

  return (
    <form noValidate onSubmit={(event) => void handleSave(event)}>
      {dialog}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <FormAlert error={failure} />
            {product && (
              <Group gap="xs">
                <Badge color={product.active ? 'green' : 'gray'} variant="light">
                  {product.active ? 'Attivo' : 'Ritirato'}
                </Badge>
                <Badge color={product.latestVersion ? 'blue' : 'gray'} variant="light">
                  {product.latestVersion ? `Versione ${product.latestVersion}` : 'Bozza mai pubblicata'}
                </Badge>
                {(product.draftChanged || isChanged) && product.latestVersion !== null && (
                  <Badge color="orange" variant="light">
                    Modifiche da pubblicare
                  </Badge>
                )}
              </Group>
            )}
            <Stack gap="sm">
              <TextInput label="Nome" value={draft.name} onChange={(event) => edit({ name: event.currentTarget.value })} error={errorAt('name')} disabled={isBusy} required />
              <Textarea
                label="Descrizione"
                description="Mostrata al corner quando sceglie il prodotto."
                value={draft.description}
                onChange={(event) => edit({ description: event.currentTarget.value })}
                error={errorAt('description')}
                disabled={isBusy}
                autosize
                minRows={2}
                maxRows={6}
              />
              <Switch label="Attivo: il corner può sceglierlo" checked={draft.active} onChange={(event) => edit({ active: event.currentTarget.checked })} disabled={isBusy} />
            </Stack>
            <Divider />
            <QuestionnaireEditor draft={draft} onSections={(sections) => edit({ sections })} errorAt={errorAt} disabled={isBusy} />
            <Divider />
            <ProductDocsEditor docs={draft.documents} onChange={(documents) => edit({ documents })} errorAt={errorAt} disabled={isBusy} />
            <Divider />
            <ProductCommissionEditor commission={draft.commission} onChange={(commission) => edit({ commission })} errorAt={errorAt} disabled={isBusy} />
            <Divider />
            <VersionsList product={product} />
            {problems.length > 0 && (
              <Alert color="red" variant="light" title="Da correggere prima di salvare">
                <List size="sm">
                  {problems.slice(0, 5).map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group justify="flex-end" gap="xs" wrap="nowrap" style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', paddingBlock: 8, zIndex: 3 }}>
              <Button size="sm" variant="default" onClick={() => closeRef.current()} disabled={isBusy}>
                Chiudi
              </Button>
              <Button size="sm" type="submit" variant="light" loading={isBusy} disabled={!isChanged || (touched && issues.size > 0)}>
                Salva bozza
              </Button>
              <Button size="sm" onClick={() => void handlePublish()} disabled={isBusy || !canPublish || (touched && issues.size > 0)}>
                Pubblica
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="product-preview-title" mah={{ md: 'calc(100dvh - 96px)' }} style={{ position: 'sticky', top: 72, overflowY: 'auto' }}>
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Title order={3} fz={16} id="product-preview-title">
                  Anteprima
                </Title>
                <Button variant="subtle" size="compact-sm" onClick={() => setAnswers({})} disabled={Object.keys(answers).length === 0}>
                  Svuota le risposte
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                Il questionario come lo vedrà il corner: prova le risposte per vedere le condizioni.
              </Text>
              {!preview.isCurrent && (
                <Text size="sm" c="orange.9">
                  {preview.questionnaire ? 'Il questionario ha errori: l’anteprima mostra l’ultima forma valida.' : 'L’anteprima compare quando il questionario non ha errori.'}
                </Text>
              )}
              {preview.questionnaire && <QuestionnaireForm questionnaire={preview.questionnaire} value={answers} onChange={setAnswers} />}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </form>
  );
};

/** The published versions of the product, each with its date (read-only). */
const VersionsList = ({ product }: { product: TProduct | null }) => (
  <Stack gap="xs" component="section" aria-labelledby="product-versions-title">
    <Title order={3} fz={16} id="product-versions-title">
      Versioni pubblicate
    </Title>
    {!product || product.versions.length === 0 ? (
      <Text size="sm" c="dimmed">
        Nessuna versione pubblicata: il corner non vede il prodotto finché non lo pubblichi.
      </Text>
    ) : (
      <List size="sm" aria-label="Versioni pubblicate">
        {[...product.versions].reverse().map((version) => (
          <List.Item key={version.version}>
            Versione {version.version} — {version.name}, pubblicata il {formatDate(version.publishedAt)}
          </List.Item>
        ))}
      </List>
    )}
  </Stack>
);
