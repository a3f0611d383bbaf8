// Starts the built server for the end-to-end run on a data directory emptied first,
// so every run begins from an empty database.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR mangler');
rmSync(dataDir, { recursive: true, force: true });

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/dist/server.js');
const child = spawn(process.execPath, [server], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
