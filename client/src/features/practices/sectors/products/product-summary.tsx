import { Badge, Group, Loader, Text } from '@mantine/core';
import { answersOfData, productOfData } from '../../../../../../shared/products/practice-product';
import { QuestionnaireAnswers } from '../../../../components/products/questionnaire-answers';
import { QueryError } from '../../../../components/query-error';
import { DetailField, DetailPanel } from '../../detail/detail-field';
import { productLabelOf } from './product-labels';
import { useProductVersion, type TProductSector } from './use-products';
import { InlineLoading } from './inline-loading';

/** The practice's product: its name and the version it was filled with («Casa Serena», «versione 2»). */
export const ProductField = ({ sector, data }: { sector: TProductSector; data: unknown }) => {
  const product = productOfData(data);
  return (
    <DetailField label={productLabelOf(sector)}>
      {product && (
        <Group gap={6} wrap="wrap">
          <span>{product.name}</span>
          <Badge variant="light" color="gray" size="sm" tt="none">
            versione {product.version}
          </Badge>
        </Group>
      )}
    </DetailField>
  );
};

/**
 * The practice's answers with the labels of its own version (read with products.version, not the latest: an old
 * practice keeps its questions' wording after the admin publishes a new version).
 */
export const ProductAnswersPanel = ({ sector, data, titleId }: { sector: TProductSector; data: unknown; titleId: string }) => {
  const product = productOfData(data);
  const version = useProductVersion(sector, product ? { id: product.id, version: product.version } : null);
  return (
    <DetailPanel title="Questionario" titleId={titleId}>
      {!product ? (
        <Text size="sm" c="dimmed">
          Nessun prodotto indicato.
        </Text>
      ) : version.data ? (
        <QuestionnaireAnswers questionnaire={version.data.content.questionnaire} answers={answersOfData(data)} />
      ) : version.isError ? (
        <QueryError title="Impossibile caricare il questionario" error={version.error} onRetry={() => void version.refetch()} isRetrying={version.isFetching} />
      ) : (
        <InlineLoading label="Caricamento delle risposte…" />
      )}
    </DetailPanel>
  );
};
