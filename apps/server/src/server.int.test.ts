import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../test/server-process';

const started: ServerProcess[] = [];
const start = async (...args: Parameters<typeof startServer>) => {
  const server = await startServer(...args);
  started.push(server);
  return server;
};
const dataDirs: string[] = [];
const ADMIN = { ADMIN_EMAIL: 'sjef@example.com', ADMIN_PASSWORD: 'sjefens-passord' };
afterAll(async () => {
  for (const server of started) if (server.child.exitCode == null) server.child.kill('SIGTERM');
  await Promise.all(started.map((s) => s.exited));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** The environment of a server on an empty data directory of the test's own. */
function freshEnv() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-process-'));
  dataDirs.push(dataDir);
  return { DATA_DIR: dataDir, ...ADMIN };
}

async function signIn(url: string) {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null;
}

/** Running, not a zombie waiting for a parent that was killed. */
function alive(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** A server killed with SIGKILL after a sign-in: its PostgreSQL lives on and holds the data directory. */
async function killedWithSession() {
  const env = freshEnv();
  const server = await start(env);
  const session = await signIn(server.url);
  server.child.kill('SIGKILL');
  await server.exited;
  return { env, session };
}

describe('the server process on the embedded PostgreSQL', () => {
  it('starts on an empty data directory and serves the API', async () => {
    const env = freshEnv();
    const server = await start(env);
    const status = (await (await fetch(`${server.url}/api/v1/misc/fallback`)).json()) as {
      data: { database: string };
    };
    expect(status.data.database).toBe('embedded');
    await signIn(server.url);

    // A second server on the same data directory refuses with a clear message and harms nothing.
    const second = await start(env, { waitForListening: false });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('brukes allerede av en annen Vaskedrift-server');
    expect((await fetch(`${server.url}/api/v1/misc/fallback`)).status).toBe(200);

    server.child.kill('SIGTERM');
    await server.exited;
  }, 120_000);

  it('starts again after SIGKILL left PostgreSQL running, with nothing lost', async () => {
    const { env, session } = await killedWithSession();
    const orphan = postmasterPid(env.DATA_DIR);
    expect(orphan && alive(orphan)).toBe(true);
    const server = await start(env);
    expect(orphan && alive(orphan)).toBe(false);
    // The session made before the kill is still there: its refresh token still works.
    const refreshed = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refreshed.status).toBe(200);

    // SIGTERM: finishes, stops PostgreSQL and exits cleanly.
    const pg = postmasterPid(env.DATA_DIR);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(pg && alive(pg)).toBe(false);
    expect(existsSync(path.join(env.DATA_DIR, 'server.lock'))).toBe(false);
  }, 120_000);
});
