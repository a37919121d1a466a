import { timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../errors.ts';
import { createSnapshot } from '../services/backup.service.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * POST /system/backup: the snapshot `npm run backup` asks the running server for (the embedded
 * database is open in this process only; docs/decisions/013). Local only: from this machine's
 * loopback address with the token the server wrote to DATA_DIR/backup.json at start.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/system/backup', { schema: { hide: true }, config: { overload: 'exempt' } }, async (request, reply) => {
    const given = Buffer.from(String(request.headers['x-backup-token'] ?? ''));
    const expected = Buffer.from(app.backupToken);
    const local = LOOPBACK.has(request.socket.remoteAddress ?? '');
    if (!local || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw forbidden('Cadangan hanya dapat dibuat dari server ini dengan npm run backup.');
    }
    const file = await createSnapshot(app.database, app.storage.dir, path.join(tmpdir(), 'toefl-backups'));
    const stream = createReadStream(file);
    stream.on('close', () => void rm(file, { force: true }));
    return reply
      .type('application/gzip')
      .header('content-disposition', `attachment; filename="${path.basename(file)}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
};
