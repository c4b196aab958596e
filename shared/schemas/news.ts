import { z } from 'zod';
import { zRequiredText, zText } from './common';

/**
 * The news the admins write for the ticker (issue 28): a title (optional), a text, when it goes live
 * (`publishFrom`, now when not given), when it leaves (`publishUntil`, never when null) and whether it is pinned
 * (pinned ones come first). The ticker and `GET /api/news` show only the live ones.
 */
export const NEWS_MSG = {
  notFound: 'Notizia non trovata: forse è stata eliminata.',
  dateInvalid: 'Indica data e ora.',
  untilAfterFrom: 'La fine della pubblicazione deve essere successiva all’inizio.',
  created: 'Notizia creata.',
  updated: 'Notizia aggiornata.',
  deleted: 'Notizia eliminata.',
} as const;

export const NEWS_TITLE_MAX = 120;
export const NEWS_TEXT_MAX = 1000;

/** A date from superjson (tRPC) or an ISO string (REST). */
const zDateTime = z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? new Date(value) : value), z.date({ error: NEWS_MSG.dateInvalid }));

const zTitle = zText()
  .trim()
  .max(NEWS_TITLE_MAX, { error: `Massimo ${NEWS_TITLE_MAX} caratteri.` })
  .nullish()
  .transform((value) => (value ? value : null));

const newsFields = {
  title: zTitle,
  text: zRequiredText(NEWS_TEXT_MAX),
  publishFrom: zDateTime,
  publishUntil: zDateTime.nullable(),
  pinned: z.boolean({ error: 'Indica se la notizia è in evidenza.' }),
};

/** True when the window is empty: the end is not after the start. */
export const isNewsWindowInvalid = (from: Date, until: Date | null) => until !== null && until.getTime() <= from.getTime();

/** A whole news item: the create request (POST /api/admin/news, news.create) and what an update must leave. */
export const ZNewsInput = z
  .object({ ...newsFields, publishFrom: newsFields.publishFrom.optional(), publishUntil: newsFields.publishUntil.optional(), pinned: newsFields.pinned.default(false) })
  .superRefine((value, context) => {
    if (value.publishUntil && isNewsWindowInvalid(value.publishFrom ?? new Date(), value.publishUntil)) {
      context.addIssue({ code: 'custom', path: ['publishUntil'], message: NEWS_MSG.untilAfterFrom });
    }
  });
export type TNewsInput = z.input<typeof ZNewsInput>;

/** PATCH /api/admin/news/:id, news.update: the fields to change; the window is checked with the stored values. */
export const ZNewsPatch = z.object({
  title: zTitle.optional(),
  text: zRequiredText(NEWS_TEXT_MAX).optional(),
  publishFrom: zDateTime.optional(),
  publishUntil: zDateTime.nullable().optional(),
  pinned: newsFields.pinned.optional(),
});
export type TNewsPatch = z.input<typeof ZNewsPatch>;

export const ZNewsId = z.object({ id: z.guid({ error: NEWS_MSG.notFound }) });

export const NEWS_STATES = ['live', 'scheduled', 'expired'] as const;
export type TNewsState = (typeof NEWS_STATES)[number];

/** One news item as the admins see it. */
export const ZAdminNews = z.object({
  id: z.string(),
  title: z.string().nullable(),
  text: z.string(),
  publishFrom: z.date(),
  publishUntil: z.date().nullable(),
  pinned: z.boolean(),
  /** Live now, to come, or gone. */
  state: z.enum(NEWS_STATES),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TAdminNews = z.infer<typeof ZAdminNews>;

/** Where a news item stands at `now`. */
export const newsStateAt = (item: { publishFrom: Date; publishUntil: Date | null }, now: Date): TNewsState => {
  if (item.publishFrom.getTime() > now.getTime()) return 'scheduled';
  if (item.publishUntil && item.publishUntil.getTime() <= now.getTime()) return 'expired';
  return 'live';
};

/** The signal that the live news changed (`news.onChange`): reload them. */
export const ZNewsChange = z.object({ at: z.number() });
export type TNewsChange = z.infer<typeof ZNewsChange>;

export const ZOnNewsChangeInput = z.object({ lastEventId: z.string().max(32).nullish() }).optional();
