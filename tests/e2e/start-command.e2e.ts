import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serverNodeFlags, serverProcessEnv } from '../../server/node-flags.ts';
import { ADMIN, freePort, serverEntry, untilHealthy } from './harness.ts';

/**
 * `npm start` builds and then runs `npm run serve`: the README's way to run the product.
 * The journeys start the built server directly (harness.ts), so this is where the command itself,
 * with package.json's node flags and environment, is seen to start it.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  if (child?.pid) await endGroup(child.pid);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The entry as the serve script names it, relative to the project. */
const SERVER_ENTRY = path.relative(root, serverEntry);

/** The live processes of a process group, with their arguments. */
async function processesIn(group: number): Promise<{ pid: string; argv: string[] }[]> {
  const found: { pid: string; argv: string[] }[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, pgrp.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) !== group || state === 'Z') continue;
      found.push({ pid, argv: (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0') });
    } catch {
      // the process ended while it was read
    }
  }
  return found;
}

/**
 * Ends the command's whole group (npm, the shell and the server) and waits until none of it is
 * left, so the server never outlives the test nor writes to a data folder being removed.
 */
async function endGroup(group: number): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-group, name);
    } catch {
      // the group has already ended
    }
  };
  signal('SIGTERM');
  const killAfter = Date.now() + 10_000;
  while ((await processesIn(group)).length > 0) {
    if (Date.now() > killAfter) signal('SIGKILL');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the start command', () => {
  it('npm run serve starts the built server with the node flags and environment of package.json', async () => {
    const port = await freePort();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'toefl-serve-'));
    await cp(inject('e2eDataTemplates').empty, dataDir, { recursive: true });
    child = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_CONTENT: '0',
        LOG_LEVEL: 'warn',
        ADMIN_NOHP: ADMIN.nohp,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));

    await untilHealthy(`http://127.0.0.1:${port}`, child, () => out);

    const server = (await processesIn(child.pid!)).find(
      ({ argv }) => path.basename(argv[0] ?? '') === 'node' && argv.includes(SERVER_ENTRY),
    );
    expect(server, 'the server process under npm run serve').toBeDefined();
    const argv = server!.argv;
    const environ = (await readFile(`/proc/${server!.pid}/environ`, 'utf8')).split('\0');
    const flags = serverNodeFlags();
    expect(flags).toContain('--heap-growing-percent=50');
    for (const flag of flags) expect(argv.indexOf(flag), `${flag} is given to node, before the entry`).toBeGreaterThan(0);
    for (const flag of flags) expect(argv.indexOf(flag)).toBeLessThan(argv.indexOf(SERVER_ENTRY));
    const env = serverProcessEnv();
    // Two malloc arenas (docs/decisions/041-two-malloc-arenas.md): glibc reads it only at start.
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    for (const [key, value] of Object.entries(env)) expect(environ).toContain(`${key}=${value}`);
  });
});
