// Starts the built server for the end-to-end run on a data directory emptied first,
// so every run begins from an empty database.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from './mail-catcher.mjs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR mangler');
rmSync(dataDir, { recursive: true, force: true });

// E-mail goes to a real SMTP server started here; tests read what arrived from its JSON mailbox.
const mail = await startMailCatcher({
  smtpPort: Number(process.env.E2E_SMTP_PORT),
  mailboxPort: Number(process.env.E2E_MAILBOX_PORT),
});

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/dist/server.js');
const child = spawn(process.execPath, [server], {
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: mail.url, PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}` },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
