import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, loadEnv, type Plugin } from 'vite';

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

/**
 * Adds to `index.html` a preload of what every visit needs next and the first file only asks for once it
 * runs: Mantine's stylesheet (`styles`), the app's file (`app-start`) with its stylesheet, the texts, auth-js.
 * On a phone's link they then come beside the first file, not a round trip after it (decision 040).
 */
function preloadApp(): Plugin {
  return {
    name: 'vaskedrift-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
        const named = (test: (chunk: Chunk) => boolean, what: string) => {
          const found = chunks.filter(test);
          if (found.length !== 1) throw new Error(`preload: ${found.length} chunks for ${what}`);
          return found[0] as Chunk;
        };
        const appStart = named((chunk) => chunk.name === 'app-start', 'app-start');
        const entry = named((chunk) => chunk.isEntry, 'the entry');
        const scripts = new Set([
          named((chunk) => chunk.name === 'styles', 'styles').fileName,
          appStart.fileName,
          // What the app's file imports (the bundler's runtime), unless the entry has it already.
          ...appStart.imports.filter((file) => file !== entry.fileName && !entry.imports.includes(file)),
          named((chunk) => chunk.name === 'auth', 'auth').fileName,
          named((chunk) => chunk.facadeModuleId?.includes('/src/locales/nb.json') === true, 'nb.json')
            .fileName,
        ]);
        const link = (attrs: Record<string, string>) => ({
          tag: 'link',
          attrs: { crossorigin: true, ...attrs },
          injectTo: 'head' as const,
        });
        return [
          ...[...scripts].map((file) => link({ rel: 'modulepreload', href: `/${file}` })),
          ...[...scripts]
            .flatMap((file) => [...((bundle[file] as Chunk | undefined)?.viteMetadata?.importedCss ?? [])])
            .map((file) => link({ rel: 'preload', as: 'style', href: `/${file}` })),
        ];
      },
    },
  };
}

/**
 * Fails the build when zod reaches a file of the first page (the entry, the app's file and what it imports):
 * building the shared package's schemas as the app loads cost a phone about a third of a second, so the
 * first page reads its answers unparsed and the rest parse with schemas loaded later (decision 040). The
 * message names the chain of imports that brought it.
 */
function firstPageWithoutZod(): Plugin {
  return {
    name: 'vaskedrift-first-page-without-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
      const first = chunks.filter((chunk) => chunk.isEntry || chunk.name === 'app-start');
      const files = new Set(first.flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
      const modules = new Set(
        chunks.filter((chunk) => files.has(chunk.fileName)).flatMap((chunk) => chunk.moduleIds),
      );
      const isZod = (id: string) => id.includes('/node_modules/zod/');
      const importers = [...modules].filter(
        (id) => !isZod(id) && (this.getModuleInfo(id)?.importedIds.some(isZod) ?? false),
      );
      if (importers.length === 0) return;
      // One way the first of them is reached from the app's code, importer by importer.
      const chain = [importers[0] as string];
      while (!(chain.at(-1) as string).includes('/apps/web/src/')) {
        const found = this.getModuleInfo(chain.at(-1) as string)?.importers ?? [];
        // A module of the first page's files, else one the bundler folded away (the shared package's index).
        const next =
          found.find((id) => modules.has(id) && !chain.includes(id)) ??
          found.find((id) => !chain.includes(id));
        if (!next) break;
        chain.push(next);
      }
      const shown = (id: string) => id.replace(/^.*\/(apps|packages)\//, '$1/');
      this.error(
        `zod is in the first page's files (decision 040): imported by ${importers.map(shown).join(', ')}; ` +
          `reached by ${chain.map(shown).join(' ← ')}`,
      );
    },
  };
}

/**
 * V8's compile hint (Chrome 136 and later) at the top of the app's file: every function in it is compiled as
 * the file streams in, on a thread beside the page's, instead of on the main thread at its first call. Nearly
 * all of the file runs for the first page; compiled lazily, that was about 0.4 s of a slowed phone's main
 * thread between the file's arrival and the first tile (decision 040).
 */
function compileAppOnLoad(): Plugin {
  return {
    name: 'vaskedrift-compile-app-on-load',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own, which puts its preload helper at the top of the file: the hint must come first.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.name === 'app-start')
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      },
    },
  };
}

const importsZod = new Map<string, boolean>();

/** zod's own modules and the shared package's modules that import it (those that build schemas). */
function buildsSchemas(id: string): boolean {
  if (id.includes('/node_modules/zod/')) return true;
  if (!/\/packages\/shared\/src\/.*\.ts$/.test(id)) return false;
  let known = importsZod.get(id);
  if (known === undefined) {
    known = /from 'zod'/.test(readFileSync(id, 'utf8'));
    importsZod.set(id, known);
  }
  return known;
}

/** The API reference page (decision 028): big, and never needed offline; nor is what only it loads. */
const NOT_PRECACHED = /(^|\/)api-reference-page-[^/]*$/;

type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/**
 * The build's files the app can load without the API reference: every chunk reachable from the entry without
 * passing through that page, with their CSS and assets, and every file no chunk claims (fonts, index.html).
 */
function precacheable(bundle: Bundle): string[] {
  const reached = new Set<string>();
  const claimed = new Set<string>();
  const stack = Object.values(bundle).flatMap((item) =>
    item.type === 'chunk' && item.isEntry ? [item.fileName] : [],
  );
  while (stack.length > 0) {
    const name = stack.pop() as string;
    const chunk = bundle[name];
    if (reached.has(name) || NOT_PRECACHED.test(name) || chunk?.type !== 'chunk') continue;
    reached.add(name);
    stack.push(...chunk.imports, ...chunk.dynamicImports);
    for (const file of [
      ...(chunk.viteMetadata?.importedCss ?? []),
      ...(chunk.viteMetadata?.importedAssets ?? []),
    ]) {
      reached.add(file);
    }
  }
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    for (const file of [
      ...(item.viteMetadata?.importedCss ?? []),
      ...(item.viteMetadata?.importedAssets ?? []),
    ]) {
      claimed.add(file);
    }
  }
  return Object.values(bundle)
    .filter((item) => !item.fileName.endsWith('.map'))
    .filter((item) => reached.has(item.fileName) || (item.type === 'asset' && !claimed.has(item.fileName)))
    .map((item) => item.fileName);
}

/**
 * Writes `sw.js` (src/sw/sw.ts as one classic script) with this build's version and the files it precaches:
 * the shell page, every file of the build and of public/ (docs/decisions/036-installable-app.md). The version
 * is a hash of those files' contents, so any change to the app is a new worker and the page's 'Oppdater'.
 */
function serviceWorker(): Plugin {
  let root = '.';
  let publicDir = '';
  return {
    name: 'vaskedrift-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      if (!bundle['index.html']) throw new Error('sw.js: no index.html in the build');
      const files = new Map<string, string | Uint8Array>();
      for (const name of precacheable(bundle)) {
        const item = bundle[name];
        if (item) files.set(`/${name}`, item.type === 'chunk' ? item.code : item.source);
      }
      const publicFiles = publicDir ? await readdir(publicDir, { recursive: true, withFileTypes: true }) : [];
      for (const entry of publicFiles) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        files.set(`/${path.relative(publicDir, full).split(path.sep).join('/')}`, await readFile(full));
      }
      const hash = createHash('sha256');
      const precache = [...files.keys()].sort();
      for (const name of precache) hash.update(name).update(files.get(name) ?? '');
      const swBuild = { version: hash.digest('hex').slice(0, 16), precache };
      const output = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        // As a string parsed in the worker: an array literal in `define` came out as one joined string.
        define: { __SW_BUILD__: JSON.stringify(JSON.stringify(swBuild)) },
        build: {
          write: false,
          // Not the app's dist: a nested build would otherwise empty it.
          outDir: path.join(root, 'node_modules/.vite-sw'),
          emptyOutDir: false,
          minify: true,
          lib: { entry: path.join(root, 'src/sw/sw.ts'), formats: ['iife'], name: 'vaskedriftSw' },
        },
      });
      const [result] = Array.isArray(output) ? output : [output];
      const chunk = result && 'output' in result ? result.output.find((item) => item.type === 'chunk') : null;
      if (chunk?.type !== 'chunk') throw new Error('sw.js: the worker did not build');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: chunk.code });
    },
  };
}

export default defineConfig(({ mode }) => {
  const target = proxyTarget(loadEnv(mode, '.', 'VITE_').VITE_API_PROXY);
  return {
    plugins: [
      react(),
      preloadApp(),
      firstPageWithoutZod(),
      compileAppOnLoad(),
      serviceWorker(),
      precompress(),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // What the entry needs before it can show anything (the sign-in page included) in one file:
              // one brotli stream compresses better than thirty small ones (decision 021).
              { name: 'initial', tags: ['$initial'], priority: 30 },
              // auth-js, which the sign-in form loads when it first gets focus: not in the app's file below.
              { name: 'auth', test: /\/src\/lib\/gotrue-client\.ts$/, priority: 20 },
              // Mantine's stylesheets (`app/styles.ts`, asked for before the app's file so that they are linked
              // before the app's own stylesheet, which overrides some of their rules).
              { name: 'styles', test: /\/src\/app\/styles\.ts$/, priority: 15 },
              // The app's start with React and Mantine, its router, its layout and the dashboard with
              // everything they import (what the first page after signing in needs, coming while the sign-in
              // form is filled in) in one file: on a phone's link a hundred small files queue six at a time,
              // each a round trip (decision 040).
              {
                name: 'app-start',
                test: /\/src\/app\/(start|router|layout\/app-layout|pages\/dashboard\/dashboard-page)\.tsx$/,
                priority: 10,
              },
              // zod with the shared package's schemas (what the app's file above left out) in one file: the
              // first read that checks an answer after the first page would otherwise wait for twenty small
              // files, six at a time.
              { name: 'schemas', test: buildsSchemas, priority: 5 },
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
