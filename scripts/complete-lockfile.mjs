#!/usr/bin/env node
// Adds lockfile entries for platform-specific optional packages npm could not resolve here.
//
// Why: npm leaves other platforms' optional binaries (Biome, rollup, esbuild) out of package-lock.json
// when the registry it can reach serves only this platform's (npm/cli#4828, #8320), and `npm ci` then
// refuses the lock as out of sync. Each added entry carries the version the parent pins and the os/cpu
// its name encodes, so `npm ci` accepts the lock and skips the package on every other platform.
// Run it after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
  'cygwin',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes('win32') ? 'win32' : undefined);
  const cpu =
    parts.find((p) => CPU.includes(p)) ??
    (parts.includes('eabihf') || parts.includes('gnueabihf') ? 'arm' : undefined);
  const libc =
    parts.includes('musl') || parts.includes('musleabihf')
      ? 'musl'
      : parts.includes('gnu') || parts.includes('gnueabihf')
        ? 'glibc'
        : undefined;
  return { os, cpu, libc };
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
let added = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const nested = `${where ? `${where}/` : ''}node_modules/${name}`;
    if (lock.packages[key] || lock.packages[nested]) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && !cpu) continue; // not a platform binary: leave it for npm to resolve
    lock.packages[key] = {
      version: String(range).replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries npm could not resolve here`);
