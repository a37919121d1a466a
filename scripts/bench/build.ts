import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { projectRoot } from './server.ts';

const run = promisify(execFile);

export interface BuiltCopy {
  /** A stand-in project root: its own dist/ with a Vite manifest, the rest linked to the real tree. */
  root: string;
  serverEntry: string;
  clientDir: string;
}

/**
 * Builds client (with --manifest) and server into a temporary root, so the bench measures the
 * current sources without touching the dist/ that browser tests may be using. The compiled
 * server finds its root by package.json and serves <root>/dist/client.
 */
export async function buildCopy(): Promise<BuiltCopy> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'toefl-bench-root-'));
  await copyFile(path.join(projectRoot, 'package.json'), path.join(root, 'package.json'));
  for (const linked of ['node_modules', 'content', 'server']) {
    await symlink(path.join(projectRoot, linked), path.join(root, linked));
  }
  await mkdir(path.join(root, 'dist'), { recursive: true });
  const clientDir = path.join(root, 'dist', 'client');
  const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);
  await run(bin('vite'), ['build', '--manifest', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: projectRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  // The landing, login and register pages as the product serves them (decision 020).
  await run(bin('tsx'), [path.join(projectRoot, 'scripts', 'prerender.ts')], {
    cwd: projectRoot,
    env: { ...process.env, PRERENDER_CLIENT_DIR: clientDir },
    maxBuffer: 64 * 1024 * 1024,
  });
  await run(
    bin('tsc'),
    [
      '-p',
      'tsconfig.server.json',
      '--outDir',
      path.join(root, 'dist', 'server'),
      '--tsBuildInfoFile',
      path.join(root, 'dist', '.tsbuildinfo'),
    ],
    { cwd: projectRoot, maxBuffer: 64 * 1024 * 1024 },
  );
  return { root, clientDir, serverEntry: path.join(root, 'dist', 'server', 'server', 'index.js') };
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface BundleSize {
  /** Route name (landing, exam, admin). */
  route: string;
  /** Source modules whose chunks were followed (besides the entry). */
  modules: string[];
  jsKb: number;
  cssKb: number;
  files: number;
  /** False when the route's module is not in the router yet. */
  found: boolean;
}

/**
 * The manifest key of the chunk holding a source module. A dynamically imported module is keyed
 * by its path when its chunk is its own; when another chunk also imports what it holds statically
 * (the exam's later views import its view model), the bundler makes it a shared chunk keyed
 * `_<name>-<hash>.js`, named after the module, and only the name is left to find it by.
 */
export function chunkKeyOf(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  const stem = path.basename(module).replace(/\.[^.]+$/, '');
  const named = Object.keys(manifest).filter((k) => k.startsWith('_') && manifest[k]!.name === stem && manifest[k]!.file.endsWith('.js'));
  return named.length === 1 ? named[0] : undefined;
}

/** Every chunk key reachable from `keys` through static imports (what loads with it). */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

/**
 * The modules a route path loads lazily, read from src/app/router.tsx (`path: 'x'` ... import('...')),
 * following a `signedInScreens.name()` loader into src/app/screens.ts (`name: retrying(() => import('...'))`).
 */
export function routeModules(routerSource: string, routePath: string, screensSource = ''): string[] {
  // A prefix match, so 'simulasi-toefl' also finds 'simulasi-toefl/:paketId'.
  const at = routerSource.search(new RegExp(`path:\\s*'${routePath.replace(/[/]/g, '\\/')}[/']`));
  if (at < 0) return [];
  const tail = routerSource.slice(at);
  // Up to the next route object (the next `path:`), every import() belongs to this route.
  const end = tail.slice(1).search(/path:\s*'/);
  const block = end < 0 ? tail : tail.slice(0, end + 1);
  const direct = [...block.matchAll(/import\('\.\.\/([^']+)'\)/g)].map((m) => `src/${m[1]}`);
  const viaScreens = [...block.matchAll(/signedInScreens\.(\w+)\(\)/g)].flatMap((m) => {
    const found = new RegExp(`\\b${m[1]}:\\s*retrying\\(\\(\\)\\s*=>\\s*import\\('\\.\\./([^']+)'\\)`).exec(screensSource);
    return found ? [`src/${found[1]}`] : [];
  });
  return [...direct, ...viaScreens];
}

/**
 * JS and CSS gzip sizes per route from the Vite manifest: the index.html entry with its static
 * imports plus the route's lazy chunks with theirs, each file counted once.
 */
export async function bundleSizes(clientDir: string): Promise<BundleSize[]> {
  const manifest = JSON.parse(await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const router = await readFile(path.join(projectRoot, 'src', 'app', 'router.tsx'), 'utf8');
  const screens = await readFile(path.join(projectRoot, 'src', 'app', 'screens.ts'), 'utf8');
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entry) throw new Error('no index.html entry in the Vite manifest');
  const routes = measuredRoutes(router, screens);
  const gz = new Map<string, number>();
  const sizeOf = async (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(await readFile(path.join(clientDir, file))).length);
    return gz.get(file)!;
  };
  const result: BundleSize[] = [];
  for (const { route, modules } of routes) {
    // A module the router names but no chunk holds would make the route read as not built yet.
    const lost = modules.filter((m) => !chunkKeyOf(manifest, m));
    if (lost.length) throw new Error(`bench: no chunk of the build holds ${lost.join(', ')} (route ${route})`);
    // The route's own modules, not a guard or the header around it: `found` says the router has the page.
    const routeFound = modules.some((m) => !m.startsWith('src/app/') && !SIGNED_IN_HEADER.includes(m));
    const keys = closure(manifest, [entry, ...modules.map((m) => chunkKeyOf(manifest, m)!)]);
    const js = new Set<string>();
    const css = new Set<string>();
    for (const k of keys) {
      js.add(manifest[k]!.file);
      for (const c of manifest[k]!.css ?? []) css.add(c);
    }
    let jsBytes = 0;
    let cssBytes = 0;
    for (const f of js) jsBytes += await sizeOf(f);
    for (const f of css) cssBytes += await sizeOf(f);
    result.push({
      route,
      modules,
      jsKb: Math.round(jsBytes / 102.4) / 10,
      cssKb: Math.round(cssBytes / 102.4) / 10,
      files: js.size + css.size,
      found: routeFound,
    });
  }
  return result;
}

/**
 * The pages the bench measures and the lazy modules each loads besides the entry; a page also
 * loads the lazy guard routes around it (the role check of the signed-in and admin areas).
 */
export function measuredRoutes(router: string, screens: string): { route: string; modules: string[] }[] {
  return [
    { route: 'landing', modules: indexRouteModules(router) },
    {
      route: 'exam',
      modules: [...appModules(router, 'SignedInArea.tsx'), ...routeModules(router, 'simulasi-toefl', screens), ...SIGNED_IN_HEADER],
    },
    { route: 'admin', modules: [...appModules(router, 'AdminArea.tsx'), ...adminLayoutModules(router), ...SIGNED_IN_HEADER] },
  ];
}

/** What a signed-in page's header fetches as soon as it renders: the account button (its menu waits for a click). */
const SIGNED_IN_HEADER = ['src/components/AccountMenu.tsx'];

/** The index route (`index: true`) of the participant layout: the landing page's own modules. */
export function indexRouteModules(router: string): string[] {
  const at = router.search(/index:\s*true,\s*\n\s*lazy/);
  if (at < 0) return [];
  // Up to the next route (its `path:`): the login, register and other pages after it load only when visited.
  const rest = router.slice(at);
  const end = rest.search(/path:\s*'/);
  const block = end < 0 ? rest : rest.slice(0, end);
  return [...block.matchAll(/import\('\.\.\/([^']+)'\)/g)].map((m) => `src/${m[1]}`);
}

/** The admin frame (AdminLayout), which every admin screen loads. */
function adminLayoutModules(router: string): string[] {
  const m = /import\('\.\.\/(features\/admin\/components\/AdminLayout\.tsx)'\)/.exec(router);
  return m ? [`src/${m[1]}`] : [];
}

/** A module of src/app/ that the router loads lazily (`import('./name')`), or nothing when it is part of the entry. */
function appModules(router: string, file: string): string[] {
  return router.includes(`import('./${file}')`) ? [`src/app/${file}`] : [];
}
