import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client.ts';
import { migrationsDir } from '../../server/paths.ts';

/**
 * A new PGlite cluster costs about 2 s (initdb) plus the migrations; starting from an image of an
 * already migrated one takes about a third of that. The image lives in the temp folder under a
 * name made from the migrations, so every test file (each in its own worker) reuses it, and a new
 * migration makes a new one. `openDatabase` still runs the migrations (a no-op on the image).
 *
 * On a new machine the image is made once, before the test files start (pglite-image.setup.ts):
 * made by the first files themselves, two at once beside the stories' browser, it took over the
 * 60 s a file's `beforeAll` may take.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
  }
  const file = path.join(os.tmpdir(), `toefl-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const fresh = await openDatabase({ kind: 'pglite' });
    const image = await fresh.image!();
    await fresh.close();
    // Written aside and renamed, so a worker reading it at the same moment never sees half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await image.arrayBuffer()));
    await rename(partial, file);
    return image;
  }
}
