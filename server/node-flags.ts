import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './paths.ts';

/** package.json's `config`: the one owner of how the server process is started. */
function startConfig(): { serverNodeFlags?: string; serverEnv?: string } {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    config?: { serverNodeFlags?: string; serverEnv?: string };
  };
  return pkg.config ?? {};
}

function words(value: string | undefined): string[] {
  return (value ?? '').split(/\s+/).filter(Boolean);
}

/**
 * The Node.js flags the server process runs with. Their one owner is package.json's
 * `config.serverNodeFlags`, which `npm start` and `npm run serve` pass to node; the bench, the
 * simulation and the browser journeys start the server with the same flags through this.
 * `--max-semi-space-size=8`: requests' objects die young, and an 8 MB semi-space holds them for
 * less memory than V8's 16 MB. 4 MB was smaller still, but under a steady stream of requests the
 * HTTP thread tipped, in 9 of 23 runs, into promoting every survivor and collecting the old
 * generation several times a second, at half the throughput
 * (docs/decisions/038-a-young-generation-that-does-not-tip.md).
 * `--heap-growing-percent=50`: the old generation is collected once it is half again what survived
 * the last collection, not two and a half times (docs/decisions/032-a-heap-near-what-it-keeps.md).
 * `--wasm-num-compilation-tasks=1 --v8-pool-size=2`: V8's background threads (two on this
 * two-core machine, not four) optimise PGlite's WebAssembly one function at a time; each thread's
 * malloc arena keeps what its compilations freed, and the arenas held 83-86 MB instead of 111-124
 * MB at 1,000 participants (docs/decisions/033-what-an-exam-day-does-not-need.md).
 */
export function serverNodeFlags(): string[] {
  return words(startConfig().serverNodeFlags);
}

/**
 * The environment the server process starts with, beside its flags: package.json's
 * `config.serverEnv`, `KEY=VALUE` words that `npm start` and `npm run serve` put before node with
 * `env`. glibc reads them once, when the process starts, so they cannot be set from inside it.
 * `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates its own malloc arena (up to eight
 * per core), and each arena keeps what its thread freed for itself alone. Two shared by all keep
 * the exam day of 3,000 on PGlite under its memory budget; one would put every thread's
 * allocations behind a single lock (docs/decisions/041-two-malloc-arenas.md).
 */
export function serverProcessEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const word of words(startConfig().serverEnv)) {
    const at = word.indexOf('=');
    if (at <= 0) throw new Error(`package.json config.serverEnv: "${word}" is not KEY=VALUE`);
    env[word.slice(0, at)] = word.slice(at + 1);
  }
  return env;
}
