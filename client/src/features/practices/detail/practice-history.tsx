import { Text, Timeline } from '@mantine/core';
import type { TAnySectorDefinition } from '../../../../../shared/practices/definition';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { DetailPanel } from './detail-field';
import { formatDateTime } from './practice-format';
import { usePracticeHistory } from './api/use-practice';
import { describeHistoryEntry } from './history-format';

type TPracticeHistoryProps = { sector: TSectorSlug; id: string; definition: TAnySectorDefinition; fieldLabel: (path: string) => string };

/** The practice's history, newest first: what happened, who (and as whom), when, and what changed from/to. */
export const PracticeHistory = ({ sector, id, definition, fieldLabel }: TPracticeHistoryProps) => {
  const history = usePracticeHistory(sector, id);
  return (
    <DetailPanel title="Storico" titleId="practice-history">
      {history.isPending ? (
        <PageLoader />
      ) : history.isError ? (
        <QueryError title="Impossibile caricare lo storico" error={history.error} onRetry={() => void history.refetch()} isRetrying={history.isFetching} />
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={0} aria-label="Storico della pratica">
          {[...history.data].reverse().map((entry) => {
            const view = describeHistoryEntry(entry, definition, fieldLabel);
            return (
              <Timeline.Item key={entry.id} title={view.title}>
                <Text size="xs" c="dimmed">
                  {view.by} · {formatDateTime(entry.at)}
                </Text>
                {view.lines.map((line) => (
                  <Text key={`${line.label}-${line.to}`} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                    <Text span fw={600} inherit>
                      {line.label}:
                    </Text>{' '}
                    {line.from !== undefined ? `${line.from} → ${line.to}` : line.to}
                  </Text>
                ))}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </DetailPanel>
  );
};
