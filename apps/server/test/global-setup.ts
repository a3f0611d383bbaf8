import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    databaseKind: 'embedded' | 'external';
  }
}

/**
 * One PostgreSQL for the whole run: the external server when TEST_DATABASE_URL is set, otherwise an
 * embedded one in a temporary directory. Each test file then makes its own database on it.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('adminDatabaseUrl', external);
    project.provide('databaseKind', 'external');
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-test-'));
  const log = { info() {}, warn() {}, error: console.error };
  const pg = await startEmbeddedPostgres({ dataDir, secretKey: randomBytes(32).toString('hex'), log });
  project.provide('adminDatabaseUrl', pg.adminUrl);
  project.provide('databaseKind', 'embedded');
  return async () => {
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
