import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * Packages that serve calls an exam day does not make (e-mail, QR pictures, certificates, sheets,
 * uploads, backups) or another database's driver. Imported at start they cost a restart about a
 * third of its time (docs/performance.md), so server/first-use.ts imports them at their first use.
 */
const KEPT_OFF_THE_START = [
  'nodemailer',
  'jsqr',
  'pngjs',
  'jpeg-js',
  'qrcode',
  'pdf-lib',
  '@pdf-lib/fontkit',
  'exceljs',
  'csv-parse',
  'csv-stringify',
  'fflate',
  'file-type',
  'tar',
  'pg',
  'drizzle-orm/node-postgres',
];

const HOOKS = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.RESOLVED_LOG, resolved.url + '\\n');
  return resolved;
}
`;

/** Every module URL the server's entry module graph resolves, as a start loads it (from source, as the server tests run). */
async function modulesOfTheStart(dir: string): Promise<string[]> {
  const hooks = path.join(dir, 'hooks.mjs');
  const register = path.join(dir, 'register.mjs');
  const log = path.join(dir, 'resolved.log');
  await writeFile(hooks, HOOKS);
  await writeFile(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  await writeFile(log, '');
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  await run(
    process.execPath,
    [
      '--import',
      tsx,
      '--import',
      pathToFileURL(register).href,
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(pathToFileURL(path.join(root, 'server/main.ts')).href)});`,
    ],
    { cwd: root, env: { ...process.env, RESOLVED_LOG: log }, timeout: 60_000 },
  );
  return (await readFile(log, 'utf8')).split('\n').filter(Boolean);
}

describe('what a server start imports', () => {
  let dir: string;
  let urls: string[];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'toefl-start-modules-'));
    urls = await modulesOfTheStart(dir);
  }, 90_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const loaded = (pkg: string) => urls.filter((u) => u.includes(`/node_modules/${pkg}/`));

  it('loads the server (the list is read from a real start)', () => {
    expect(loaded('fastify').length).toBeGreaterThan(0);
    expect(loaded('drizzle-orm/pglite').length).toBeGreaterThan(0);
    expect(urls.some((u) => u.endsWith('/server/routes/exam.routes.ts'))).toBe(true);
  });

  it.each(KEPT_OFF_THE_START)('leaves %s to its first use', (pkg) => {
    expect(loaded(pkg)).toEqual([]);
  });
});
