import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more than the bytes saved. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers above a kilobyte with brotli (quality 4, the plugin's default: quality 11 costs
 * tens of milliseconds per 100 kB) or gzip, as the browser accepts. Requests are not decompressed: a
 * compressed body would slip a large payload past the bounds of docs/decisions/012-bounded-input.md.
 * The built web app is precompressed at build time and served by `plugins/web.ts` without this.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
