import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: they fit in a packet or two either way. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one call on the request's thread (cheap at this size);
 * larger ones (the unpaged lists of a whole programme) through zlib's stream, off the thread. The
 * library's default on two cores is 8 KB, which sent a teacher's 21 KB list of students through the
 * stream, several times dearer a request than one call, as measured (decision 0029).
 */
const COMPRESS_IN_ONE_CALL_UP_TO_BYTES = 1024 * 1024;

/**
 * The API's answers compressed for clients that accept it (decision 0029): brotli (quality 4) or gzip,
 * JSON and CSV only (a photo is already compressed). A page of a list is a fifth to a tenth of its size,
 * for little of a request's time. @fastify/compress runs as each route's last onSend hook, so the
 * ETag and an idempotent replay's stored answer are those of the JSON itself. Requests' bodies are not
 * decompressed: a compressed body is refused as any body the JSON parser cannot read.
 */
export default fp(async function compressionPlugin(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
    syncThreshold: COMPRESS_IN_ONE_CALL_UP_TO_BYTES,
  });
});
