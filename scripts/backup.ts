/**
 * npm run backup [FILE]: asks the running server for one consistent snapshot (database and
 * uploads) and saves it, by default in ./backups/. See README: Backups; docs/decisions/013.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { loadConfig } from '../server/config.ts';
import { BACKUP_ENDPOINT_FILE } from '../server/services/backup.service.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const endpointFile = path.join(config.dataDir, BACKUP_ENDPOINT_FILE);
  const endpoint = await readFile(endpointFile, 'utf8').then(
    (text) => JSON.parse(text) as { url: string; token: string },
    () => {
      throw new Error(`${endpointFile} tidak ada: jalankan server dulu (npm start) dengan DATA_DIR yang sama.`);
    },
  );
  const res = await fetch(`${endpoint.url}/api/system/backup`, { method: 'POST', headers: { 'x-backup-token': endpoint.token } }).catch(
    () => {
      throw new Error(`Server di ${endpoint.url} tidak menjawab. Pastikan server sedang berjalan.`);
    },
  );
  if (!res.ok || !res.body) throw new Error(`Server menolak membuat cadangan (${res.status}): ${await res.text()}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `backup-${Date.now()}.tar.gz`;
  const target = path.resolve(process.argv[2] ?? path.join('backups', name));
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(target, { mode: 0o600 }));
  console.info(`Cadangan tersimpan: ${target}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
