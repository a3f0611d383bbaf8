import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
};

/** Runs the real server (src/server.ts through tsx) as its own process, as `npm start` would. */
export async function startServer(env: Record<string, string>, { waitForListening = true } = {}) {
  const port = await freePort();
  // `--import tsx` keeps the server in this very process, so a signal sent to it reaches the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: ServerProcess = { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
  if (waitForListening) {
    const deadline = Date.now() + 90_000;
    while (!output.includes('kjører på')) {
      if (child.exitCode != null) throw new Error(`serveren stoppet under oppstart:\n${output}`);
      if (Date.now() > deadline) {
        // A server still starting after the deadline would outlive the test run (and hold its port and data).
        child.kill('SIGKILL');
        throw new Error(`serveren startet ikke:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return server;
}

export type CommandResult = { code: number | null; output: string };

/** Runs one of the server's commands (`src/backup-cli.ts`, …) to its end, as `npm run …` would. */
export function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
