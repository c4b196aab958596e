import { ADMIN_SETTING_KEYS, BROKER_SETTING_KEYS } from '../../../shared/constants';
import { getDisplayName } from '../../../shared/rules/display-name';
import {
  diffSettingValues,
  EXTRA_HISTORY_KEYS,
  SETTINGS_HISTORY_MSG,
  summarizeSettingChanges,
  type TRestoreSettingRequest,
  type TRestoreSettingResult,
  type TSettingHistory,
  type TSettingHistoryEntry,
} from '../../../shared/schemas/settings-history';
import type { TDb } from '../../db/database';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireAdmin } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { TAuthService } from '../auth/auth.service';
import * as repo from './settings.repository';

/** Every key with a history: both settings blocks and the keys other use cases keep through the settings service. */
const HISTORY_KEYS: ReadonlySet<string> = new Set<string>([...ADMIN_SETTING_KEYS, ...BROKER_SETTING_KEYS, ...EXTRA_HISTORY_KEYS]);

export const isHistoryKey = (key: string) => HISTORY_KEYS.has(key);

type TPeople = Pick<TAuthService, 'userCards'>;

type THistoryDeps = {
  db: TDb;
  /** The accounts, for the authors' names (auth owns `users`). */
  people: () => TPeople;
  /** The first problem of `value` under `key`'s rules of today, null when it may be stored. */
  issueOf: (key: string, value: unknown) => string | null;
  /** Stores a value with its history entry (one transaction). */
  write: (actor: TActor | null, key: string, value: unknown, restoredFrom?: number) => Promise<repo.THistoryRow>;
  /** Tells every client to reload settings; the settings version to reload to. */
  announce: () => Promise<{ version: string }>;
};

const requireHistoryKey = (key: string) => {
  if (!isHistoryKey(key)) throw new AppError('NOT_FOUND', { userMessage: SETTINGS_HISTORY_MSG.unknownKey });
};

/** The history and restore of the settings keys (issue 28), part of the settings service. */
export const createSettingsHistory = ({ db, people, issueOf, write, announce }: THistoryDeps) => {
  const toEntries = async (rows: readonly repo.THistoryRow[]): Promise<TSettingHistoryEntry[]> => {
    const ids = [...new Set(rows.flatMap((row) => [row.actor_id, row.impersonator_id]).filter((id): id is string => id !== null))];
    const cards = new Map((await people().userCards(ids)).map((card) => [card.id, card]));
    const person = (id: string | null) => {
      if (id === null) return null;
      const card = cards.get(id);
      return { id, name: card ? getDisplayName(card) || card.email : 'Utente eliminato' };
    };
    return rows.map((row) => {
      const changes = diffSettingValues(row.value_before ?? undefined, row.value_after);
      return {
        version: row.version,
        before: row.value_before ?? null,
        after: row.value_after,
        changes,
        summary: summarizeSettingChanges(changes),
        author: person(row.actor_id),
        impersonator: person(row.impersonator_id),
        restoredFrom: row.restored_from,
        createdAt: new Date(row.created_at),
      };
    });
  };

  return {
    /** A settings key's changes, newest first, with their authors and what changed (admin only). */
    getHistory: async (ctx: TRequestContext, key: string): Promise<TSettingHistory> => {
      requireAdmin(ctx);
      requireHistoryKey(key);
      return { key, entries: await toEntries(await repo.listHistory(db, key)) };
    },

    /**
     * An admin writes an old version's value back: a new change (new version, `restoredFrom`), checked by the key's
     * rules of today like any change; everyone is told to reload settings.
     */
    restore: async (ctx: TRequestContext, { key, version }: TRestoreSettingRequest): Promise<TRestoreSettingResult> => {
      const actor = requireAdmin(ctx);
      requireHistoryKey(key);
      const old = await repo.findHistoryVersion(db, key, version);
      if (!old) throw new AppError('NOT_FOUND', { userMessage: SETTINGS_HISTORY_MSG.unknownVersion });
      const issue = issueOf(key, old.value_after);
      if (issue !== null) {
        const message = SETTINGS_HISTORY_MSG.restoreInvalid(version, issue);
        throw new AppError('VALIDATION', { userMessage: message, fields: { version: [message] } });
      }
      const row = await write(actor, key, old.value_after, version);
      const { version: syncVersion } = await announce();
      return { version: syncVersion, message: SETTINGS_HISTORY_MSG.restored(version), entry: (await toEntries([row]))[0]! };
    },
  };
};
