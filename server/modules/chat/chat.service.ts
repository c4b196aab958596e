import type { TServiceDeps } from '../../platform/deps';
// People are read through auth's repository (it owns `users`): chat's service is not given the auth service.
import type { TPeople } from './chat.access';
import { createChatContext } from './chat.context';
import { createChatDirectory } from './chat.directory';
import { createPracticeThreads } from './chat.practice';
import { createChatReceipts } from './chat.receipts';
import { createChatSending, createMessagePublisher } from './chat.sending';
import { createChatSubscriptions } from './chat.subscriptions';

export type { TReceiveUpload } from './chat.sending';

export type TChatService = ReturnType<typeof createChatService>;

/**
 * `accounts`: the auth service, which owns the accounts chat names and authorises. The service is made of units
 * sharing one context (chat.context.ts: caches, send limiter): the caller's rooms and contacts (chat.directory.ts),
 * posting messages (chat.sending.ts), practices' conversations (chat.practice.ts), read receipts
 * (chat.receipts.ts) and the tRPC subscriptions (chat.subscriptions.ts).
 */
export const createChatService = (deps: TServiceDeps, accounts: TPeople) => {
  const context = createChatContext(deps, accounts);
  const storeAndAnnounce = createMessagePublisher(context);
  return {
    ...createChatDirectory(context),
    ...createChatSending(context, storeAndAnnounce),
    ...createPracticeThreads(context, storeAndAnnounce),
    ...createChatReceipts(context),
    ...createChatSubscriptions(context),
  };
};
