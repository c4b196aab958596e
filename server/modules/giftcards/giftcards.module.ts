import { defineModule } from '../../platform/module';
import { GIFTCARDS_DOCS } from './giftcards.openapi';
import { giftcardsRest } from './giftcards.rest';
import { giftcardsRouter } from './giftcards.router';
import { createGiftcardsService, type TGiftcardsService } from './giftcards.service';

declare module '../../platform/services' {
  interface TServices {
    giftcards: TGiftcardsService;
  }
}

/** The gift card catalogue the admins keep and the card each corner chooses to be paid with (`chosenOf` for payouts). */
export const giftcardsModule = defineModule({
  key: 'giftcards',
  needs: ['geo'],
  service: (deps, { geo }) => createGiftcardsService(deps, { geo }),
  trpc: { giftcards: giftcardsRouter },
  rest: [giftcardsRest],
  openapi: GIFTCARDS_DOCS,
});
