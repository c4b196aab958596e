import { defineModule } from '../../platform/module';
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
  service: (deps) => createSettingsService(deps),
  trpc: { settings: settingsRouter },
  rest: [settingsRest],
});
