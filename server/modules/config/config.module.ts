import { defineModule } from '../../platform/module';
import { CONFIG_DOCS } from './config.openapi';
import { configRest } from './config.rest';
import { configRouter } from './config.router';
import { createConfigService, type TConfigService } from './config.service';

declare module '../../platform/services' {
  interface TServices {
    config: TConfigService;
  }
}

/** Public facts of the installation. */
export const configModule = defineModule({
  key: 'config',
  service: (deps) => createConfigService(deps),
  trpc: { config: configRouter },
  rest: [configRest],
  openapi: CONFIG_DOCS,
});
