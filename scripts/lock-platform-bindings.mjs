// The registry this project is installed from serves only some platforms' builds of
// unrs-resolver (pulled in by eslint-plugin-import-x), so `npm install` silently leaves the
// others out of package-lock.json and `npm ci` then refuses the lock as out of sync. This puts the
// missing optional entries back with their os/cpu/libc, which npm ci checks before it would fetch
// them, so they are skipped on this machine as on any other. Run after every `npm install`:
//   node scripts/lock-platform-bindings.mjs package-lock.json
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
/** @typedef {{ version: string, optionalDependencies?: Record<string, string> } & Record<string, unknown>} Entry */
/** @type {{ packages: Record<string, Entry> } & Record<string, unknown>} */
const lock = JSON.parse(readFileSync(file, 'utf8')); // eslint-disable-line @typescript-eslint/no-unsafe-assignment -- JSON.parse gives any; the shape is npm's
const pk = lock.packages;
const parent = pk['node_modules/unrs-resolver'];
/** @type {Record<string, string[]>} */
const map = {
  'android-arm-eabi': ['android', 'arm'],
  'android-arm64': ['android', 'arm64'],
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'freebsd-x64': ['freebsd', 'x64'],
  'linux-arm-gnueabihf': ['linux', 'arm', 'glibc'],
  'linux-arm-musleabihf': ['linux', 'arm', 'musl'],
  'linux-loong64-gnu': ['linux', 'loong64', 'glibc'],
  'linux-loong64-musl': ['linux', 'loong64', 'musl'],
  'linux-ppc64-gnu': ['linux', 'ppc64', 'glibc'],
  'linux-riscv64-gnu': ['linux', 'riscv64', 'glibc'],
  'linux-riscv64-musl': ['linux', 'riscv64', 'musl'],
  'linux-s390x-gnu': ['linux', 's390x', 'glibc'],
  'openharmony-arm64': ['openharmony', 'arm64'],
  'win32-arm64-msvc': ['win32', 'arm64'],
  'win32-ia32-msvc': ['win32', 'ia32'],
  'win32-x64-msvc': ['win32', 'x64'],
};
for (const [name, version] of Object.entries(parent?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (pk[key]) continue;
  const [os, cpu, libc] = map[name.replace('@unrs/resolver-binding-', '')];
  pk[key] = { version, cpu: [cpu], dev: true, ...(libc ? { libc: [libc] } : {}), license: 'MIT', optional: true, os: [os] };
}
lock.packages = Object.fromEntries(Object.entries(pk).sort(([a], [b]) => a.localeCompare(b, 'en')));
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
