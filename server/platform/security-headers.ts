import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** The WebSocket form of PUBLIC_URL's origin (`https:` -> `wss:`), the only host the client opens sockets to. */
const webSocketOrigin = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
};

/**
 * Helmet's security headers, computed once at start. Helmet rebuilds the same headers (and re-serialises the
 * CSP) on every request, which measured as a third of the cost of a cached authenticated call; the values
 * never change per request here, so they are captured once and copied onto each reply.
 */
export const computeSecurityHeaders = (config: { publicUrl: string }): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        // 'self' covers ws(s): of the page's own host in current browsers; PUBLIC_URL's is named for the others.
        'connect-src': ["'self'", webSocketOrigin(config.publicUrl)],
        'worker-src': ["'self'", 'blob:'],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // HSTS belongs to the TLS-terminating proxy, which knows whether HTTPS is really in place.
    strictTransportSecurity: false,
  });
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
};
