import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The opaque part of an answer's tag: the same JSON, byte for byte, the same tag. */
const opaqueTagOf = (payload: string | Buffer) =>
  `"${createHash('sha1').update(payload).digest('base64url')}"`;

/** Whether If-None-Match names the tag: a list of tags, weak or strong (weak comparison), or `*`. */
function matches(ifNoneMatch: string, opaqueTag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === opaqueTag || t === '*');
}

/**
 * ETag and 304 for the API's successful reads (decision 0016): every 200 answer to a GET carries the tag
 * of its bytes, and a GET that sends the tag it holds in If-None-Match gets 304 with no body when nothing
 * changed, so a client on a slow connection that keeps its last copy of a list does not download it
 * again. (@fastify/etag would also tag, and turn into 304, errors and answers to writes.) The answer is
 * still computed in full; the saving is the transfer. Cache-Control stays no-store.
 */
export default fp(async function etagPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
    const tag = opaqueTagOf(payload);
    // Weak: the bytes sent may be this JSON compressed (app.ts), and a strong tag would then have to
    // differ by encoding.
    reply.header('etag', `W/${tag}`);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && matches(ifNoneMatch, tag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
});
