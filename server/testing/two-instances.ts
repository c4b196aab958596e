import { afterAll, beforeAll } from 'vitest';
import { listenOnFreePort } from './realtime-clients';
import { createPeerApp, type TTestApp } from './test-app';

/**
 * Two listening instances on one PostgreSQL database for a test file: the file's app (`t`) and a peer
 * (createPeerApp). Their URLs and the peer exist inside tests and hooks.
 */
export const useTwoInstances = (t: TTestApp) => {
  const state: { peer?: Awaited<ReturnType<typeof createPeerApp>>; urlA?: string; urlB?: string } = {};
  beforeAll(async () => {
    state.urlA = await listenOnFreePort(t.app);
    state.peer = await createPeerApp(t);
    state.urlB = await listenOnFreePort(state.peer.app);
  });
  afterAll(async () => {
    await state.peer?.close();
  });
  return {
    get urlA() {
      return state.urlA!;
    },
    get urlB() {
      return state.urlB!;
    },
    get peer() {
      return state.peer!;
    },
  };
};
