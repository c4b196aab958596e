import { defineModule } from '../../platform/module';
import { chatUploadRest } from './chat-upload.rest';
import { CHAT_DOCS } from './chat.openapi';
import { chatRest } from './chat.rest';
import { chatRouter } from './chat.router';
import { createChatService, type TChatService } from './chat.service';
import { chatSocket } from './chat.socket';

declare module '../../platform/services' {
  interface TServices {
    chat: TChatService;
  }
}

/** Chat rooms and messages, over REST, tRPC and socket.io; the people in them come from the auth service. */
export const chatModule = defineModule({
  key: 'chat',
  needs: ['auth'],
  service: (deps, { auth }) => createChatService(deps, auth),
  trpc: { chat: chatRouter },
  rest: [chatRest, chatUploadRest],
  openapi: CHAT_DOCS,
  sockets: [chatSocket],
});
