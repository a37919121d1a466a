import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { serverNodeFlags, serverProcessEnv } from '../../server/node-flags.ts';

export const projectRoot = path.resolve(import.meta.dirname, '..', '..');
/** The compiled server of `npm run build` (what `npm start` runs). */
export const builtServerEntry = path.join(projectRoot, 'dist', 'server', 'server', 'index.js');

export const BENCH_ADMIN = { nohp: '081100000077', password: 'admin-beban-rahasia' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The `--server-env KEY=VALUE` pairs of a command line (repeatable): set for every server it starts. */
export function serverEnvOf(args: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    args.flatMap((arg, i): [string, string][] => {
      const pair = arg === '--server-env' ? args[i + 1] : undefined;
      const at = pair?.indexOf('=') ?? -1;
      return pair && at > 0 ? [[pair.slice(0, at), pair.slice(at + 1)]] : [];
    }),
  );
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 of /api/health. */
  readyMs: number;
  output(): string;
  /** Peak resident memory so far in MB (VmHWM of /proc/<pid>/status). */
  peakRssMb(): Promise<number | null>;
  /** CPU time used so far in ms, all threads (user + system of /proc/<pid>/stat). */
  cpuMs(): Promise<number>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts a compiled server with the given environment and waits for /api/health. Everything not
 * given falls back to a quiet local setup; the caller owns DATA_DIR.
 */
export async function startServerProcess(options: {
  entry?: string;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_NOHP: BENCH_ADMIN.nohp,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...serverProcessEnv(),
    ...options.env,
  };
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), options.entry ?? builtServerEntry], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Generous: on a machine shared with other builds a first start with demo seeding has taken over 60 s.
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  let readyMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return {
    baseUrl,
    pid: child.pid!,
    readyMs,
    output: () => out,
    peakRssMb: () => peakRssMb(child.pid!),
    cpuMs: () => cpuMs(child.pid!),
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A process's CPU time in ms: utime + stime of /proc/<pid>/stat, in Linux's 100 ticks a second. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) start with the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[14 - 3]) + Number(fields[15 - 3])) * 10;
}

export async function peakRssMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
