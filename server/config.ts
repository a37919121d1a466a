import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from './paths.ts';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Every setting the server reads from the environment (README: Configuration). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  ADMIN_NOHP: optionalText,
  ADMIN_PASSWORD: optionalText,
  DEMO_CONTENT: z
    .enum(['0', '1', 'false', 'true'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  APP_NAME: z.string().trim().min(1).default('Simulasi TOEFL ITP'),
  ADMIN_WHATSAPP: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set to 1 behind a reverse proxy so client addresses and HTTPS come from X-Forwarded-* headers. */
  TRUST_PROXY: z
    .enum(['0', '1', 'false', 'true'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** Login attempts allowed per client address per minute (brute-force brake). */
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Failed logins allowed per phone number per 15 minutes. */
  LOGIN_MAX_FAILURES_PER_NOHP: z.coerce.number().int().min(1).default(5),
  /** Testing only: shifts the practice schedule's clock (Buku Kesalahan, plan weeks) by hours. */
  PRACTICE_CLOCK_OFFSET_HOURS: z.coerce
    .number()
    .min(-24 * 366)
    .max(24 * 366)
    .default(0),
  /** Midtrans server key; when set, orders go through Midtrans QRIS and settle by its notifications. */
  MIDTRANS_SERVER_KEY: optionalText,
  MIDTRANS_IS_PRODUCTION: z
    .enum(['0', '1', 'false', 'true'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** Overrides the Midtrans API address (a proxy, or a local fake gateway in tests). */
  MIDTRANS_BASE_URL: optionalText.pipe(z.url().optional()),
  /** Hours an exact-amount order stays open before it must be renewed. */
  PAYMENT_ORDER_HOURS: z.coerce
    .number()
    .min(0.25)
    .max(24 * 14)
    .default(24),
  /** SMTP address for payment e-mails (smtp://user:pass@host:port or smtps://...); unset = no e-mail. */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalText,
  /** Load shedding: mean event-loop delay in ms above which requests get 503; 0 turns this check off. */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /**
   * Database calls allowed to wait (PGlite queue, or PostgreSQL pool waiters) before new requests
   * get 503. 1,000: an exam call costs the embedded database at most about 0.5 ms and a final
   * submission about 5 ms, each waiting with one call at a time (decisions 023, 024), so a full queue
   * is 0.5-5 s of work, inside the request deadline; at 500, 500 submissions arriving at once
   * filled the door by themselves and up to a third of them were refused.
   */
  OVERLOAD_DB_QUEUE_MAX: z.coerce.number().int().min(1).max(100_000).default(1000),
  /**
   * Embedded database: the expected wait (ms) in its queue above which new requests get 503. A
   * request makes its calls one after another, each joining the queue again, so this is kept well
   * under the 5 s a participant should ever wait. A final submission is let in up to the request
   * deadline instead (decision 045).
   */
  OVERLOAD_DB_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(1500),
  /**
   * After a final submission, how long (ms) before its learning records are written, and the
   * longest that writer defers to waiting exam calls: a burst of submissions is answered first.
   */
  EXAM_OUTCOMES_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  /** Longest a request may wait for its answer before it gets 503 (ms). */
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Seconds a client is told to wait (Retry-After) after a 503 for overload. */
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  /** Password hashes computed at once (each takes a worker thread for ~13 ms). */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * Scheduling niceness of the password hashing threads (Linux; 0 = the same as the threads that
   * answer requests). Higher lets exam calls preempt a login storm sooner; on a machine saturated
   * by other work at nice 0 (a PostgreSQL server beside it) it also slows logins more.
   */
  PASSWORD_HASH_NICE: z.coerce.number().int().min(0).max(19).default(5),
  /** Processes serving one port (node:cluster); above 1 only with DATABASE_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Password checks allowed to wait for a hashing slot before a login gets 503. */
  PASSWORD_HASH_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(200),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminNohp: string | undefined;
  adminPassword: string | undefined;
  demoContent: boolean;
  publicUrl: string | undefined;
  appName: string;
  adminWhatsapp: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  loginMaxPerIp: number;
  loginMaxFailuresPerNohp: number;
  /** Milliseconds added to the practice clock (0 unless PRACTICE_CLOCK_OFFSET_HOURS is set). */
  practiceClockOffsetMs: number;
  /** The payment gateway, when configured (MIDTRANS_SERVER_KEY). */
  midtrans: { serverKey: string; baseUrl: string } | undefined;
  paymentOrderMs: number;
  /** Payment e-mails, when configured (SMTP_URL). */
  mail: { smtpUrl: string; from: string } | undefined;
  /** Built SPA to serve; absent folder = API only (tests). */
  clientDir: string;
  /** The one owner of every load-shedding threshold (server/plugins/overload.ts, passwords.service.ts). */
  overload: OverloadConfig;
  /** Processes serving the port (server/main.ts); 1 unless DATABASE_URL and WORKERS say more. */
  workers: number;
  /** server/plugins/exam-outcomes.ts */
  examOutcomesDelayMs: number;
}

export interface OverloadConfig {
  maxEventLoopDelayMs: number;
  dbQueueMax: number;
  dbWaitMaxMs: number;
  requestDeadlineMs: number;
  retryAfterSeconds: number;
  hashConcurrency: number;
  hashNice: number;
  hashQueueMax: number;
}

export class ConfigError extends Error {}

/** Where the embedded database keeps its files inside DATA_DIR. */
export const embeddedDatabaseDir = (dataDir: string): string => path.join(dataDir, 'db');

/** Validates the environment once at boot; a bad value stops the start with a readable list. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_NOHP === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_NOHP and ADMIN_PASSWORD must be set together');
  }
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS above 1 needs DATABASE_URL (the embedded database is opened by one process only)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminNohp: e.ADMIN_NOHP,
    adminPassword: e.ADMIN_PASSWORD,
    demoContent: e.DEMO_CONTENT,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    appName: e.APP_NAME,
    adminWhatsapp: e.ADMIN_WHATSAPP,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginMaxPerIp: e.LOGIN_MAX_PER_IP,
    loginMaxFailuresPerNohp: e.LOGIN_MAX_FAILURES_PER_NOHP,
    practiceClockOffsetMs: e.PRACTICE_CLOCK_OFFSET_HOURS * 3_600_000,
    midtrans: e.MIDTRANS_SERVER_KEY
      ? {
          serverKey: e.MIDTRANS_SERVER_KEY,
          baseUrl: (
            e.MIDTRANS_BASE_URL ?? (e.MIDTRANS_IS_PRODUCTION ? 'https://api.midtrans.com' : 'https://api.sandbox.midtrans.com')
          ).replace(/\/+$/, ''),
        }
      : undefined,
    paymentOrderMs: e.PAYMENT_ORDER_HOURS * 3_600_000,
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@localhost>` } : undefined,
    clientDir: path.join(projectRoot, 'dist', 'client'),
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_EVENT_LOOP_DELAY_MS,
      dbQueueMax: e.OVERLOAD_DB_QUEUE_MAX,
      dbWaitMaxMs: e.OVERLOAD_DB_WAIT_MS,
      requestDeadlineMs: e.REQUEST_DEADLINE_MS,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
      hashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
      hashNice: e.PASSWORD_HASH_NICE,
      hashQueueMax: e.PASSWORD_HASH_QUEUE_MAX,
    },
    workers: e.WORKERS,
    examOutcomesDelayMs: e.EXAM_OUTCOMES_DELAY_MS,
  };
}
