import { Alert, Group, Loader, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState, type FormEvent } from 'react';
import { PRACTICE_PRODUCT_MSG, productOfData } from '../../../../../../shared/products/practice-product';
import type { TQuestionnaire } from '../../../../../../shared/products/questionnaire';
import type { TOfferedProduct } from '../../../../../../shared/schemas/products';
import { QuestionnaireForm } from '../../../../components/products/questionnaire-form';
import { QueryError } from '../../../../components/query-error';
import { ApiError } from '../../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../../lib/api-error-display';
import { fromTrpcError } from '../../../../lib/trpc-error';
import { Section } from '../sector-form-kit';
import { placeErrors, questionKeysOf, type TChosenProduct, type TProductFormValues } from './product-form-values';
import { LockedProduct, ProductPicker } from './product-picker';
import { productLabelOf, productNounOf, type TProductSector } from './product-labels';
import { useOfferedProducts, useProductVersion } from './use-products';
import { InlineLoading } from './inline-loading';

/**
 * What the request forms of the product sectors share (issue 29): the product's choice (a new request: the products
 * offered now, at their latest version; editing: the practice's own product and version, not changeable), its
 * version's questionnaire, and the submit that checks both the sector's fields and the answers, then places what
 * the server refuses under the right input or question.
 */

const CHECK_FIELDS = 'Controlla i campi evidenziati.';

type TProductRequestOptions<T extends TProductFormValues> = {
  sector: TProductSector;
  form: UseFormReturnType<T>;
  /** The practice's data when editing (its product is kept); undefined for a new request. */
  initialData: unknown;
  /** Every problem of the values by form path (the sector's fields, `product`, `answers.<key>`). */
  check: (values: T, questionnaire: TQuestionnaire | null) => Record<string, string>;
  /** The practice's `data` sent for the values. */
  toInput: (values: T, questionnaire: TQuestionnaire | null) => Record<string, unknown>;
  /** The server's field messages by form path (the sector's wording and inputs). */
  serverErrors: (fields: Record<string, string[]>) => Record<string, string>;
  onSave: (data: Record<string, unknown>) => Promise<unknown>;
};

export type TProductRequest = ReturnType<typeof useProductRequest>;

/** The state and the submit of a product sector's request form. */
export const useProductRequest = <T extends TProductFormValues>({ sector, form, initialData, check, toInput, serverErrors, onSave }: TProductRequestOptions<T>) => {
  // The form's product fields, whatever else the sector's values hold.
  const base = form as unknown as UseFormReturnType<TProductFormValues>;
  const [own] = useState(() => productOfData(initialData));
  const isLocked = own !== null;
  const offered = useOfferedProducts(sector, { enabled: !isLocked });
  const ownVersion = useProductVersion(sector, own ? { id: own.id, version: own.version } : null);
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const { product, answers } = base.getValues();
  const offer: TOfferedProduct | undefined = !isLocked && product ? offered.data?.find((item) => item.productId === product.id) : undefined;
  // A new request's product that left the offer since it was chosen (retired, or the list reloaded without it).
  const isRetired = !isLocked && product !== null && offered.isSuccess && offer === undefined;
  const questionnaire: TQuestionnaire | null = isLocked ? (ownVersion.data?.content.questionnaire ?? null) : offer && offer.version === product?.version ? offer.content.questionnaire : null;

  // The admin published a new version since the product was chosen (the server said so, or the list was reloaded):
  // the form moves to it, keeping the answers, and says to check them.
  const latest = offer?.version;
  useEffect(() => {
    if (isLocked || !product || latest === undefined || latest === product.version) return;
    base.setFieldValue('product', { id: product.id, version: latest });
    base.clearFieldError('product');
    setNotice(`Il questionario è stato aggiornato dall’amministratore (versione ${latest}): controlla le risposte prima di inviare.`);
  }, [isLocked, product, latest, base]);

  const chooseProduct = (next: TChosenProduct) => {
    // Another product asks other questions: the answers start over.
    base.setValues({ product: next, answers: {} });
    base.clearFieldError('product');
    setAnswerErrors({});
    setNotice(null);
    setFailure(null);
  };

  const setAnswers = (next: Record<string, unknown>) => base.setFieldValue('answers', next);

  /** Shows the messages: under the inputs, at the questions, the rest above the buttons. */
  const show = (errors: Record<string, string>, lead: string[]) => {
    const placed = placeErrors(errors, { inputs: Object.keys(base.getValues()), questionKeys: questionKeysOf(questionnaire) });
    base.setErrors(placed.fields);
    setAnswerErrors(placed.answers);
    const messages = [...lead, ...placed.rest];
    setFailure(messages.length > 0 ? { kind: 'error', messages } : null);
  };

  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const values = form.getValues();
    if (isRetired) {
      show({ product: PRACTICE_PRODUCT_MSG.productRetired }, [CHECK_FIELDS]);
      return;
    }
    if (values.product && !questionnaire) {
      const message = isLocked && ownVersion.isError ? 'Il questionario non si è caricato: usa «Riprova» e salva di nuovo.' : 'Il questionario non è ancora caricato: attendi qualche istante e riprova.';
      setFailure({ kind: 'error', messages: [message] });
      return;
    }
    // Nothing else shows before the product is chosen: its message only.
    const errors = values.product || isLocked ? check(values, questionnaire) : { product: PRACTICE_PRODUCT_MSG.productRequired };
    if (Object.keys(errors).length > 0) {
      show(errors, [CHECK_FIELDS]);
      return;
    }
    setFailure(null);
    void (async () => {
      try {
        await onSave(toInput(values, questionnaire));
      } catch (caught) {
        const error = fromTrpcError(caught);
        if (error instanceof ApiError && error.hasFields) {
          const placed = serverErrors(error.fields);
          show(placed, []);
          // A product retired or republished since: the list is read again (a new version is taken over above).
          if ('product' in placed && !isLocked) void offered.refetch();
        } else {
          setFailure(describeError(error));
        }
      }
    })();
  };

  return { sector, isLocked, own, offered, ownVersion, offer, isRetired, product, answers, questionnaire, answerErrors, setAnswers, chooseProduct, failure, notice, onSubmit };
};

/** The product's choice (or the practice's own product, locked) with its error and the notice of a new version. */
export const ProductChoice = ({ request, error, disabled }: { request: TProductRequest; error?: string; disabled?: boolean }) => {
  const label = productLabelOf(request.sector);
  const noun = productNounOf(request.sector);
  return (
    <>
      {request.own ? (
        <LockedProduct label={label} noun={noun} name={request.own.name} version={request.own.version} error={error} />
      ) : (
        <ProductPicker label={label} noun={noun} offered={request.offered} value={request.product} onChange={request.chooseProduct} error={error} disabled={disabled} />
      )}
      {request.notice && (
        <Alert color="yellow" variant="light" role="status">
          {request.notice}
        </Alert>
      )}
    </>
  );
};

/** Whether the rest of the form shows: editing always, a new request once a product is chosen. */
export const showsRequestFields = (request: TProductRequest): boolean => request.isLocked || request.product !== null;

/** Whether there is nothing to request: no product offered (a new request only). */
export const hasNoProducts = (request: TProductRequest): boolean => !request.isLocked && request.offered.isSuccess && request.offered.data.length === 0;

/** The chosen version's questionnaire as a section of the form (loading, failed, or the questions). */
export const QuestionnaireSection = ({ request, disabled }: { request: TProductRequest; disabled?: boolean }) => {
  const name = request.own?.name ?? request.offer?.name;
  const version = request.own?.version ?? request.product?.version;
  if (!request.product) return null;
  return (
    <Section title="Questionario" description={name && version ? `Le domande di «${name}» (versione ${version}).` : undefined}>
      {request.questionnaire ? (
        <QuestionnaireForm questionnaire={request.questionnaire} value={request.answers} onChange={request.setAnswers} errors={request.answerErrors} disabled={disabled} />
      ) : request.isRetired ? (
        <Text size="sm" c="dimmed">
          {PRACTICE_PRODUCT_MSG.productRetired}
        </Text>
      ) : request.isLocked && request.ownVersion.isError ? (
        <QueryError title="Impossibile caricare il questionario" error={request.ownVersion.error} onRetry={() => void request.ownVersion.refetch()} isRetrying={request.ownVersion.isFetching} />
      ) : (
        <InlineLoading label="Caricamento del questionario…" />
      )}
    </Section>
  );
};
