import { defineModule } from '../../platform/module';
import { GEO_DOCS } from './geo.openapi';
import { geoRest } from './geo.rest';
import { geoRouter } from './geo.router';
import { createGeoService, type TGeoService } from './geo.service';

declare module '../../platform/services' {
  interface TServices {
    geo: TGeoService;
  }
}

/** Italian reference data: regions, provinces, comuni and the foreign countries of codici fiscali. */
export const geoModule = defineModule({
  key: 'geo',
  service: (deps) => createGeoService(deps),
  trpc: { geo: geoRouter },
  rest: [geoRest],
  openapi: GEO_DOCS,
});
