import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: they fit in a packet or two either way. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The API's answers compressed for clients that accept it (decision 0029): brotli (quality 4) or gzip,
 * JSON and CSV only (a photo is already compressed). A page of a list is about a fifth of its size, for
 * a few hundredths of a millisecond. @fastify/compress runs as each route's last onSend hook, so the
 * ETag and an idempotent replay's stored answer are those of the JSON itself. Requests' bodies are not
 * decompressed: a compressed body is refused as any body the JSON parser cannot read.
 */
export default fp(async function compressionPlugin(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
});
