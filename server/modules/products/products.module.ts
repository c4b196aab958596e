import { defineModule } from '../../platform/module';
import { PRODUCTS_DOCS } from './products.openapi';
import { productsRest } from './products.rest';
import { productsRouter } from './products.router';
import { createProductsService, type TProductsService } from './products.service';

declare module '../../platform/services' {
  interface TServices {
    products: TProductsService;
  }
}

/** Products the admin builds (issue 29): drafts, published versions, what corners may choose. */
export const productsModule = defineModule({
  key: 'products',
  service: (deps) => createProductsService(deps),
  trpc: { products: productsRouter },
  rest: [productsRest],
  openapi: PRODUCTS_DOCS,
});
