/**
 * Registers /sw.js (spec section 2: once authenticated), which the realtime issue uses for web push. Only in a
 * production build: in `vite dev` a worker would outlive hot reloads and confuse the developer.
 */
export const registerServiceWorker = async (): Promise<ServiceWorkerRegistration | null> => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch {
    // Private windows and some browsers refuse workers: the app works without push.
    return null;
  }
};
