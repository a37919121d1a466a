import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { bundleSizes } from './build.ts';
import { projectRoot } from './server.ts';
const out = process.argv[2]!;
execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'vite'), ['build', '--manifest', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { cwd: projectRoot, stdio: 'inherit' });
for (const b of await bundleSizes(out)) console.log(b.route, 'js', b.jsKb, 'css', b.cssKb, 'files', b.files, 'total', Math.round((b.jsKb + b.cssKb) * 10) / 10);
