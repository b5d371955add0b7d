import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** HSTS for a year, subdomains included: sent only on answers that went out over HTTPS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict CSP (no inline script), nosniff, frame-ancestors 'none', no caching of API answers, and HSTS
 * when the app is served over HTTPS (directly, or behind a trusted proxy that says so in
 * X-Forwarded-Proto: see TRUST_PROXY).
 */
function tileOrigin(template: string | undefined): string[] {
  if (!template) return [];
  // {s} (sub-domains a, b, c) becomes a wildcard host part.
  const url = new URL(template.replace('{s}.', 'sub.').replace(/\{[a-z]\}/g, '0'));
  return [template.includes('{s}.') ? `${url.protocol}//*.${url.host.slice('sub.'.length)}` : url.origin];
}

export default fp(async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables into style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map tiles (MAP_TILE_URL) are the one outside origin the pages load anything from.
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigin(app.config.mapTileUrl)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});
