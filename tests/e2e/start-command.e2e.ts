import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serverNodeFlags, serverProcessEnv } from '../../server/node-flags.ts';
import { ADMIN, freePort } from './harness.ts';

/**
 * `npm start` builds and then runs `npm run serve`: the README's way to run the product.
 * The journeys start the built server directly (harness.ts), so this is where the command itself,
 * with package.json's node flags and environment, is seen to start it.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The server's node process among the command's process group (npm and the shell are in it too). */
async function serverProcessIn(group: number): Promise<string | undefined> {
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, pgrp.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
      const isServer = path.basename(argv[0] ?? '') === 'node' && argv.includes(path.join('dist', 'server', 'server', 'index.js'));
      if (pgrp === group && isServer) return pid;
    } catch {
      // the process ended while it was read
    }
  }
  return undefined;
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

    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm run serve ended (${child.exitCode}):\n${out}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error(`npm run serve: not healthy within 60 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const pid = await serverProcessIn(child.pid!);
    expect(pid, 'the server process under npm run serve').toBeDefined();
    const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    const environ = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
    const flags = serverNodeFlags();
    expect(flags).toContain('--heap-growing-percent=50');
    for (const flag of flags) expect(argv, 'node flags come before the entry').toContain(flag);
    const env = serverProcessEnv();
    // Two malloc arenas (docs/decisions/041-two-malloc-arenas.md): glibc reads it only at start.
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    for (const [key, value] of Object.entries(env)) expect(environ).toContain(`${key}=${value}`);
  });
});
