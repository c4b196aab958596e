import { ZAdminSettingsQuery, ZOnSettingsSyncInput, ZSettings, ZSettingsSync, ZUpdateSettingRequest } from '../../../shared/schemas/data';
import { ZRcaSettings } from '../../../shared/practices/rca-settings';
import { ZRestoreSettingRequest, ZRestoreSettingResult, ZSettingHistory, ZSettingHistoryQuery } from '../../../shared/schemas/settings-history';
import { adminProcedure, authedProcedure, router, trackedStream } from '../../trpc/trpc';

export const settingsRouter = router({
  get: authedProcedure.output(ZSettings).query(({ ctx }) => ctx.services.settings.getSettings(ctx.ctx)),
  admin: adminProcedure
    .input(ZAdminSettingsQuery.optional())
    .output(ZSettings)
    .query(({ ctx, input }) => ctx.services.settings.getAdminSettings(ctx.ctx, input?.key)),
  /** The RC Auto blocks, typed, with their defaults (admin and corner). */
  rca: authedProcedure.output(ZRcaSettings).query(({ ctx }) => ctx.services.settings.getRcaSettingsFor(ctx.ctx)),
  update: adminProcedure
    .input(ZUpdateSettingRequest)
    .output(ZSettingsSync)
    .mutation(({ ctx, input }) => ctx.services.settings.updateSetting(ctx.ctx, input)),
  /** A settings key's changes, newest first, with authors and what changed. */
  history: adminProcedure
    .input(ZSettingHistoryQuery)
    .output(ZSettingHistory)
    .query(({ ctx, input }) => ctx.services.settings.getHistory(ctx.ctx, input.key)),
  /** Writes an old version of a key back as a new change. */
  restore: adminProcedure
    .input(ZRestoreSettingRequest)
    .output(ZRestoreSettingResult)
    .mutation(({ ctx, input }) => ctx.services.settings.restore(ctx.ctx, input)),
  /** Settings-sync signals (reload the settings); after a reconnect, one at once if settings changed since `lastEventId`. */
  onSync: authedProcedure.input(ZOnSettingsSyncInput).subscription(async ({ ctx, input, signal }) => {
    const stream = await ctx.services.settings.watchSync(ctx.ctx, { lastEventId: input?.lastEventId, signal });
    return trackedStream(stream, (sync) => sync.version);
  }),
});
