import { constants } from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more than the bytes saved. */
const COMPRESS_THRESHOLD_BYTES = 1024;
const ENCODINGS: FastifyCompressOptions['encodings'] = ['br', 'gzip'];

/**
 * The `compress` option of a route whose body is written bit by bit (the availability CSV): each write
 * is compressed and sent at once (a flush per write) instead of when the compressor's buffer fills, so
 * the first lines reach the browser while the rest is still being read.
 */
export const compressEachWrite = {
  threshold: COMPRESS_THRESHOLD_BYTES,
  encodings: ENCODINGS,
  brotliOptions: { flush: constants.BROTLI_OPERATION_FLUSH },
  zlibOptions: { flush: constants.Z_SYNC_FLUSH },
} satisfies FastifyCompressOptions;

/**
 * Compresses API answers above a kilobyte with brotli (quality 4, the plugin's default: quality 11 costs
 * tens of milliseconds per 100 kB) or gzip, as the browser accepts. Requests are not decompressed: a
 * compressed body would slip a large payload past the bounds of docs/decisions/012-bounded-input.md.
 * The built web app is precompressed at build time and served by `plugins/web.ts` without this.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ENCODINGS,
    globalDecompression: false,
  });
}
