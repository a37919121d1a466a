import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '../contract/common.ts';
import { systemClock, type Clock } from './clock.ts';
import { ANSWER_ENCODINGS, BROTLI_OPTIONS } from './compression.ts';
import { embeddedDatabaseDir, type Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import type { PgliteThread } from './db/pglite-thread.ts';
import { contentDir } from './paths.ts';
import { registerAudit } from './plugins/audit.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerExamOutcomes } from './plugins/exam-outcomes.ts';
import { registerMultipart } from './plugins/multipart.ts';
import { registerOverload } from './plugins/overload.ts';
import { registerRequestsInFlight } from './plugins/requests-in-flight.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa, sendPage } from './plugins/spa.ts';
import { adminAttemptsRoutes } from './routes/admin-attempts.routes.ts';
import { adminContentRoutes } from './routes/admin-content.routes.ts';
import { adminPaymentsRoutes } from './routes/admin-payments.routes.ts';
import { adminSoalIoRoutes } from './routes/admin-soal-io.routes.ts';
import { adminStatsRoutes } from './routes/admin-stats.routes.ts';
import { adminUsersRoutes } from './routes/admin-users.routes.ts';
import { auditRoutes } from './routes/audit.routes.ts';
import { backupRoutes } from './routes/backup.routes.ts';
import { examRoutes } from './routes/exam.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { mediaRoutes } from './routes/media.routes.ts';
import { paketRoutes } from './routes/paket.routes.ts';
import { paymentWebhookRoutes } from './routes/payment-webhooks.routes.ts';
import { paymentsRoutes } from './routes/payments.routes.ts';
import { practiceRoutes } from './routes/practice.routes.ts';
import { profileRoutes } from './routes/profile.routes.ts';
import { resultsRoutes } from './routes/results.routes.ts';
import { settingsRoutes } from './routes/settings.routes.ts';
import { siteRoutes } from './routes/site.routes.ts';
import { usersRoutes } from './routes/users.routes.ts';
import { LoginThrottle } from './services/login-throttle.service.ts';
import { mailerFromConfig, type Mailer } from './services/mail.service.ts';
import { hashQueue, hashThreads } from './services/passwords.service.ts';
import { gatewayFromConfig, type PaymentGateway } from './services/payment-gateway.service.ts';
import { ExamGuardCache } from './services/exam-guard-cache.service.ts';
import { Storage } from './services/storage.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    database: Database;
    db: Db;
    loginThrottle: LoginThrottle;
    storage: Storage;
    /** Secret of the local backup call (server/routes/backup.routes.ts); index.ts writes it to DATA_DIR. */
    backupToken: string;
    /** The payment gateway when one is configured. */
    paymentGateway: PaymentGateway | undefined;
    /** Payment e-mails when SMTP is configured. */
    mailer: Mailer | undefined;
    /** The exam guard's answers kept in memory; null where nothing may be kept (PostgreSQL). */
    examGuardCache: ExamGuardCache;
  }
}

export interface BuildOptions {
  /** An already opened database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** The clock of the practice schedule (tests pass a FakeClock). */
  clock?: Clock;
  /** Pino logger options or false (tests keep quiet; a test of the log passes its own stream). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /**
   * One of several processes on one port (WORKERS, server/main.ts): its number, sent as
   * `x-instance` on every answer, and the backup token the primary process shares with all.
   */
  instance?: { id: number; backupToken: string };
  /** The embedded database's thread, already starting (server/index.ts starts it before loading this). */
  pglite?: Promise<PgliteThread> | undefined;
  /** Longest close waits for requests still running (default REQUESTS_WAIT_MS; tests shorten it). */
  stopWaitMs?: number;
}

/**
 * Builds the whole server without listening (fastify/demo style): tests build it and inject
 * requests; server/main.ts builds it and listens. Order: external plugins -> app plugins -> routes.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    logController: new AnswerLog(),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify's own answer while closing is English and says nothing of when to come back; the
    // stop answers those requests itself (server/plugins/requests-in-flight.ts, decision 044).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  const instance = options.instance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: embeddedDatabaseDir(config.dataDir), thread: options.pglite },
    ));
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock(config.practiceClockOffsetMs));
  app.decorate('database', database);
  app.decorate('db', database.db);
  // Kept while the database tells of every change (decisions 024 and 027).
  const examGuardCache = new ExamGuardCache(undefined, database.changesLive, database.changesHeard);
  const unsubscribe = database.changes((channel, payload) => {
    if (channel === 'exam_guard') examGuardCache.changedFor(payload);
  });
  app.addHook('onClose', async () => unsubscribe());
  app.decorate('examGuardCache', examGuardCache);
  app.decorate(
    'loginThrottle',
    new LoginThrottle({
      maxPerIp: config.loginMaxPerIp,
      ipWindowMs: 60_000,
      maxFailuresPerNohp: config.loginMaxFailuresPerNohp,
      nohpWindowMs: 15 * 60_000,
    }),
  );
  const storage = new Storage(path.join(config.dataDir, 'uploads'));
  // An unwritable folder must not stop the server: uploads then answer a clear error instead.
  await mkdir(storage.dir, { recursive: true }).catch(() => undefined);
  app.decorate('storage', storage);
  hashQueue.configure(config.overload.hashConcurrency, config.overload.hashQueueMax);
  hashThreads.nice = config.overload.hashNice;
  app.decorate('backupToken', instance?.backupToken ?? randomBytes(24).toString('base64url'));
  if (!options.database) app.addHook('onClose', () => database.close());
  app.decorate('paymentGateway', gatewayFromConfig(config.midtrans));
  const mailer = mailerFromConfig(config.mail);
  app.decorate('mailer', mailer);
  if (mailer) app.addHook('onClose', async () => mailer.close());

  // External plugins.
  registerErrorHandling(app);
  // First of the request hooks: security headers, x-request-id and x-instance on every answer, a shed one included.
  await registerSecurity(app, config, instance ? { 'x-instance': String(instance.id) } : {});
  // Before any other work, so a shed request costs no session lookup or body parsing.
  await registerOverload(app, config.overload);
  // A request not shed is counted until its answer is made; close waits for them (decision 044).
  registerRequestsInFlight(app, config.overload.retryAfterSeconds, options.stopWaitMs);
  // Phones on slow data: text answers and assets travel compressed (media is already compressed and
  // skipped by type).
  await app.register(compress, { encodings: [...ANSWER_ENCODINGS], threshold: 1024, brotliOptions: BROTLI_OPTIONS });
  await app.register(cookie);
  await registerMultipart(app);
  // reply.sendFile serves uploads (with Range support); the SPA plugin passes its own root.
  await app.register(fastifyStatic, { root: storage.dir, serve: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.appName} API`,
        description: 'API platform simulasi TOEFL ITP. Semua jalur berada di bawah /api.',
        version: '1.0.0',
      },
      servers: [{ url: '/api' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // App plugins.
  registerAuth(app);
  registerAudit(app);
  registerExamOutcomes(app, config.examOutcomesDelayMs);

  // Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(usersRoutes);
      await api.register(paketRoutes);
      await api.register(mediaRoutes);
      await api.register(adminContentRoutes);
      await api.register(adminSoalIoRoutes);
      await api.register(adminStatsRoutes);
      await api.register(adminUsersRoutes);
      await api.register(examRoutes);
      await api.register(paymentsRoutes);
      await api.register(paymentWebhookRoutes);
      await api.register(adminPaymentsRoutes);
      await api.register(settingsRoutes);
      await api.register(resultsRoutes);
      await api.register(profileRoutes);
      await api.register(practiceRoutes);
      await api.register(auditRoutes);
      await api.register(adminAttemptsRoutes);
      await api.register(backupRoutes);
    },
    { prefix: '/api' },
  );

  // Free material (mini test media, the sound-check clip, practice bank clips) is public and never
  // changes per user.
  await app.register(fastifyStatic, {
    root: [path.join(contentDir, 'mini-test'), path.join(contentDir, 'sound-check'), path.join(contentDir, 'practice')],
    prefix: '/static/',
    decorateReply: false,
    allowedPath: (pathName) => /\.(mp3|png|webp)$/.test(pathName),
    maxAge: 24 * 60 * 60 * 1000,
  });

  const spaServed = await registerSpa(app, config.clientDir);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({ message: 'Alamat API tidak ditemukan.' });
    }
    if (spaServed && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendPage(request, reply, config.clientDir);
    }
    return reply.status(404).send({ message: 'Halaman tidak ditemukan.' });
  });

  return app;
}

/**
 * One line per answer at `info`: method, address, status and milliseconds, under the request id
 * the answer carries (`x-request-id`). Fastify's own request log writes two lines, one when a
 * request arrives and one when it is answered, each a synchronous write to stdout: at `info` they
 * cost about a third of a small answer's throughput (decision 034). Fastify's other lines (a
 * stream that failed, a route not found) stay as they are.
 */
class AnswerLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'answered with an error');
    else reply.log.info(line, 'answered');
  }
}
