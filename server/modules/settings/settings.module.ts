import { defineModule } from '../../platform/module';
import { SETTINGS_DOCS } from './settings.openapi';
import { settingsRest } from './settings.rest';
import { settingsRouter } from './settings.router';
import { createSettingsService, type TSettingsService } from './settings.service';

declare module '../../platform/services' {
  interface TServices {
    settings: TSettingsService;
  }
}

/** The installation's settings, synchronised live to every client. */
export const settingsModule = defineModule({
  key: 'settings',
  // The accounts (for the authors' names in the history): auth's service is built after this one (it needs notifications, which need settings).
  late: ['auth'],
  service: (deps, _needs, late) => createSettingsService(deps, late.auth),
  trpc: { settings: settingsRouter },
  rest: [settingsRest],
  openapi: SETTINGS_DOCS,
});
