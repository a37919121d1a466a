/**
 * Starting one of the server's own modules on a worker thread, compiled or from source
 * (docs/decisions/022-embedded-database-off-the-http-thread.md).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const resolveHere = createRequire(import.meta.url).resolve;

/** Compiled, the server's files are .js beside each other; from source (tsx, tests) they are .ts. */
export function siblingModule(importMetaUrl: string, name: string): URL {
  return new URL(`./${name}${importMetaUrl.endsWith('.ts') ? '.ts' : '.js'}`, importMetaUrl);
}

export function startModuleWorker(moduleUrl: URL, options: WorkerOptions): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl, options);
  // From source the worker needs tsx's loader, which a worker inherits neither from a test runner
  // nor (on Node 20) through `--import`, so a two-line script loads it through tsx. tsx/esm/api's
  // ESM build: resolving the name from here gives its CommonJS build, whose import of its ESM half
  // fails inside a worker.
  const tsxApi = pathToFileURL(path.join(path.dirname(resolveHere('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(moduleUrl.href)}, ${JSON.stringify(import.meta.url)}));`,
    {
      ...options,
      eval: true,
    },
  );
}
