import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { DEFAULT_ESCALATION_MINUTES } from '@vaskedrift/shared';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const DEFAULT_DATA_DIR = './data';

/** Where the embedded install lives, without reading or creating anything there. */
export function configuredDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY må være minst 32 tegn').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD må være minst 8 tegn').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Failed logins per minute allowed per IP and per account before 429. */
  LOGIN_MAX_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: bool,
  WEB_DIST: z.string().optional(),
  /** Outbound requests (checks, webhooks, camera snapshots) may reach 127.0.0.0/8 and ::1. */
  ALLOW_LOOPBACK_TARGETS: bool,
  /** Outbound requests may reach private ranges (facility LANs); `false` refuses them. */
  ALLOW_PRIVATE_TARGETS: bool,
  /** smtp(s)://user:pass@host:port. Unset: e-mail is kept in the outbox table and written to the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL må begynne med smtp:// eller smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Vaskedrift <noreply@vaskedrift.local>'),
  /** The address users open the app at; links in e-mails point here. */
  PUBLIC_URL: z.url('PUBLIC_URL må være en full adresse, f.eks. https://drift.example.no').optional(),
  /** Load the demo (simulator, facilities, users) into an empty database. Default: on with the embedded database. */
  DEMO: bool,
  /** Run the check scheduler in this instance (default on; any number of instances may run it). */
  CHECKS_ENABLED: bool,
  /** Checks in flight at once per instance. */
  CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50),
  /**
   * This instance's stable name among those sharing the checks (decision 041); the same after a restart,
   * different from every other instance. Default: host name and port.
   */
  INSTANCE_ID: z.string().trim().min(1).max(200).optional(),
  /** The longest one statement of a statistics or report answer may run before it answers 503 (decision 029). */
  STATISTICS_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /** Readings kept raw, then per minute, then per hour (decision 022). */
  READINGS_RAW_RETENTION_HOURS: z.coerce.number().int().min(1).default(48),
  READINGS_MINUTE_RETENTION_DAYS: z.coerce.number().int().min(1).default(14),
  READINGS_HOUR_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** An unchanged reading is stored again after this long, so gaps mean "no data", not "no change" (decision 022). */
  READINGS_HEARTBEAT_MINUTES: z.coerce.number().int().min(1).max(60).default(30),
  /** The API check log is kept this long (the hourly check statistics as long as hour readings). */
  CHECK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Uploaded images no facility uses are deleted this long after the upload (decision 013). */
  UNATTACHED_IMAGE_RETENTION_HOURS: z.coerce.number().int().min(1).default(24),
  /** Sent, kept and given-up outbox rows and webhook delivery-log rows are deleted this long after; pending ones never. */
  EMAIL_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Minutes a critical alert may stay unacknowledged before `escalation` recipients are told. */
  ALERT_ESCALATION_MINUTES: z.coerce.number().int().min(1).max(10_080).default(DEFAULT_ESCALATION_MINUTES),
  /** How long an incident's opening waits for more causes before it is sent (decision 033). */
  INCIDENT_GROUP_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** Where `npm run backup` and scheduled backups write (decision 016). */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  /** Hour of the day (server time) for a scheduled backup; unset: none. */
  BACKUP_HOUR: z.coerce
    .number()
    .int()
    .min(0, 'BACKUP_HOUR må være 0–23')
    .max(23, 'BACKUP_HOUR må være 0–23')
    .optional(),
  /** Scheduled backups kept; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1, 'BACKUP_KEEP må være minst 1').default(7),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  secretKey: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  loginMaxFailuresPerMinute: number;
  trustProxy: boolean;
  webDist: string | undefined;
  allowLoopbackTargets: boolean;
  allowPrivateTargets: boolean;
  version: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** undefined: decided at start-up (on for the embedded database, off with DATABASE_URL). */
  demo: boolean | undefined;
  checks: {
    enabled: boolean;
    concurrency: number;
    logRetentionDays: number;
    /** Which APIs this instance checks first (decision 041): `INSTANCE_ID`, else host name and port. */
    instanceKey: string;
  };
  statistics: { statementTimeoutMs: number };
  backup: { dir: string; hour: number | undefined; keep: number };
  notifications: { escalationMinutes: number };
  /** How long an incident's opening waits for more causes (decision 033). */
  incidentGroupWaitMs: number;
  readings: {
    rawRetentionHours: number;
    minuteRetentionDays: number;
    hourRetentionDays: number;
    heartbeatMinutes: number;
  };
  housekeeping: {
    unattachedImageRetentionHours: number;
    emailRetentionDays: number;
  };
};

export class ConfigError extends Error {}

/** Parses the environment once. Without DATABASE_URL the secret key is generated once and kept in DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Ugyldig konfigurasjon:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL == null) !== (e.ADMIN_PASSWORD == null)) {
    throw new ConfigError('ADMIN_EMAIL og ADMIN_PASSWORD må settes sammen');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  let secretKey = e.SECRET_KEY;
  if (!secretKey) {
    if (e.DATABASE_URL) {
      throw new ConfigError(
        'SECRET_KEY må settes når DATABASE_URL er satt (alle instanser må dele samme nøkkel)',
      );
    }
    secretKey = readOrCreateSecret(dataDir);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    secretKey,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    loginMaxFailuresPerMinute: e.LOGIN_MAX_FAILURES_PER_MINUTE,
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: e.WEB_DIST,
    allowLoopbackTargets: e.ALLOW_LOOPBACK_TARGETS ?? false,
    allowPrivateTargets: e.ALLOW_PRIVATE_TARGETS ?? true,
    version,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    demo: e.DEMO,
    checks: {
      enabled: e.CHECKS_ENABLED ?? true,
      concurrency: e.CHECK_CONCURRENCY,
      logRetentionDays: e.CHECK_LOG_RETENTION_DAYS,
      instanceKey: e.INSTANCE_ID ?? `${hostname()}:${e.PORT}`,
    },
    statistics: { statementTimeoutMs: e.STATISTICS_STATEMENT_TIMEOUT_MS },
    backup: { dir: path.resolve(e.BACKUP_DIR), hour: e.BACKUP_HOUR, keep: e.BACKUP_KEEP },
    notifications: { escalationMinutes: e.ALERT_ESCALATION_MINUTES },
    incidentGroupWaitMs: e.INCIDENT_GROUP_WAIT_MS,
    readings: {
      rawRetentionHours: e.READINGS_RAW_RETENTION_HOURS,
      minuteRetentionDays: e.READINGS_MINUTE_RETENTION_DAYS,
      hourRetentionDays: e.READINGS_HOUR_RETENTION_DAYS,
      heartbeatMinutes: e.READINGS_HEARTBEAT_MINUTES,
    },
    housekeeping: {
      unattachedImageRetentionHours: e.UNATTACHED_IMAGE_RETENTION_HOURS,
      emailRetentionDays: e.EMAIL_RETENTION_DAYS,
    },
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
