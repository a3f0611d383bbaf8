import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('defaults to 127.0.0.1:3000 and ./data', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir, databaseUrl: undefined });
  });

  it('generates the secret key once and keeps it in DATA_DIR, readable by the owner only', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).secretKey;
    const second = loadConfig({ DATA_DIR: dataDir }).secretKey;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'secret.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('requires SECRET_KEY when DATABASE_URL is set', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/vaskedrift' })).toThrow(
      /SECRET_KEY må settes/,
    );
  });

  it('explains every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SECRET_KEY: 'kort' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', SECRET_KEY: 'kort' });
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('SECRET_KEY må være minst 32 tegn');
    }
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADMIN_EMAIL: 'a@example.com' })).toThrow(/sammen/);
  });

  it('refuses loopback targets and allows private ones unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      allowLoopbackTargets: false,
      allowPrivateTargets: true,
    });
    const flipped = loadConfig({
      DATA_DIR: tempDir(),
      ALLOW_LOOPBACK_TARGETS: 'true',
      ALLOW_PRIVATE_TARGETS: 'false',
    });
    expect(flipped).toMatchObject({ allowLoopbackTargets: true, allowPrivateTargets: false });
  });

  it('keeps unattached images a day and finished e-mails 30 days unless told otherwise, never less than one', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).housekeeping).toEqual({
      unattachedImageRetentionHours: 24,
      emailRetentionDays: 30,
    });
    const set = loadConfig({
      DATA_DIR: tempDir(),
      UNATTACHED_IMAGE_RETENTION_HOURS: '2',
      EMAIL_RETENTION_DAYS: '7',
    });
    expect(set.housekeeping).toEqual({ unattachedImageRetentionHours: 2, emailRetentionDays: 7 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), EMAIL_RETENTION_DAYS: '0' })).toThrow(
      /EMAIL_RETENTION_DAYS/,
    );
  });
});
