import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/** VITE_API_PROXY: a port (`3200`) or a URL (`http://host:3200`) of a running Vaskedrift server. */
function proxyTarget(value: string | undefined): string {
  if (!value) return 'http://localhost:3000';
  return /^\d+$/.test(value) ? `http://localhost:${value}` : value;
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Files smaller than this are served as they are (the server compresses nothing under 1 kB either). */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build, so the
 * server sends them without compressing at request time (docs/decisions/021-compression.md).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vaskedrift-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const raw = await readFile(full);
          if (raw.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipped(raw, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig(({ mode }) => {
  const target = proxyTarget(loadEnv(mode, '.', 'VITE_').VITE_API_PROXY);
  return {
    plugins: [react(), precompress()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // What the entry needs before it can show anything (the sign-in page included) in one file:
              // one brotli stream compresses better than thirty small ones (decision 021).
              { name: 'initial', tags: ['$initial'] },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': { target, changeOrigin: true },
        '/auth': { target, changeOrigin: true },
        // The live channel (decision 020), its WebSocket upgrade included. The Host header is kept (no
        // changeOrigin), so the page's Origin is the server's "own host" whatever NODE_ENV it runs with.
        '/socket.io': { target, ws: true },
      },
    },
  };
});
