// Bundles the server and its backup and restore commands into dist/ (workspace code inlined, npm
// packages left external) and copies the SQL migrations beside them.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const own = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(own.dependencies).filter((name) => !name.startsWith('@vaskedrift/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/backup-cli.ts', 'src/restore-cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  define: { __VASKEDRIFT_VERSION__: JSON.stringify(root.version) },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
