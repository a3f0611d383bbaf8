import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors';

/**
 * Serves the built web app, precompressed: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API path answered with index.html so the client router can take it.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist != null && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // `<file>.br` and `<file>.gz` made at build time (apps/web/vite.config.ts) go out as the browser accepts.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url.startsWith('/auth/') || !hasWeb) return apiNotFound(reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') return apiNotFound(reply);
    if (path.extname(url.split('?')[0] ?? '') !== '') return apiNotFound(reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
