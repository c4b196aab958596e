import { Badge, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import type { TNews } from '../../../../../shared/schemas/data';
import { useNews, useNewsLiveUpdates } from '../api/use-news';
import { tickerDurationMs } from '../news-timing';
import classes from './news-ticker.module.css';

const NewsText = ({ item }: { item: TNews }) => (
  <>
    {item.title && <strong>{item.title}: </strong>}
    {item.text}
  </>
);

/**
 * The news above the page (spec sections 2 and 9): one pass lasts 500 ms per character; hovering or focusing
 * it pauses it; with reduced motion the news stand still as a list. Nothing shows when there are no news. The live
 * news follow every change without a reload (an admin's action, a scheduled start or end reached).
 */
export const NewsTicker = () => {
  const { data: news = [] } = useNews({ showErrors: true });
  useNewsLiveUpdates();
  const isReducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  if (news.length === 0) return null;
  return (
    <section className={classes.bar} aria-label="Notizie">
      <Badge className={classes.label} variant="filled" size="sm">
        Notizie
      </Badge>
      {/* Focusable, so keyboard users can stop it as mouse users do by hovering. */}
      <div className={classes.viewport} tabIndex={isReducedMotion ? undefined : 0} role="group" aria-label="Notizie in scorrimento">
        {isReducedMotion ? (
          <ul className={classes.static}>
            {news.map((item) => (
              <Text key={item.id} component="li" size="sm">
                <NewsText item={item} />
              </Text>
            ))}
          </ul>
        ) : (
          <div className={classes.track} style={{ '--ticker-duration': `${tickerDurationMs(news)}ms` } as CSSProperties} role="list" data-testid="news-track">
            {news.map((item) => (
              <span key={item.id} className={classes.item} role="listitem">
                <NewsText item={item} />
              </span>
            ))}
          </div>
        )}
      </div>
    </section>
  );
};
