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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The simulated controllers the status-engine tests connect to, steady (no drift) so only the tests
// change their values; the API connections reach it on loopback (ALLOW_LOOPBACK_TARGETS below).
const simulator = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(root, 'apps/simulator/src/main.ts'),
    '--port',
    String(process.env.E2E_SIMULATOR_PORT),
    '--locations',
    '2',
    '--bays',
    '2',
    '--no-drift',
    '--quiet',
  ],
  { stdio: 'inherit', cwd: root },
);

const server = path.join(root, 'apps/server/dist/server.js');
const child = spawn(process.execPath, [server], {
  stdio: 'inherit',
  env: {
    ...process.env,
    SMTP_URL: mail.url,
    PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
    ALLOW_LOOPBACK_TARGETS: 'true',
    // An incident's opening waits 2 s for more causes instead of 30 (decision 033), so e-mails come soon.
    INCIDENT_GROUP_WAIT_MS: '2000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    simulator.kill(signal);
    child.kill(signal);
  });
}
child.on('exit', (code) => {
  simulator.kill('SIGTERM');
  process.exit(code ?? 1);
});
