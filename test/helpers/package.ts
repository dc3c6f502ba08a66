import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Only what a command needs from the environment: no npm settings, no omsdesk variables. */
export function bareEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    TMPDIR: process.env.TMPDIR ?? '',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...extra,
  };
}

/**
 * Copies the files a fresh clone of `root` would hold (tracked and new ones, nothing git ignores: no
 * `dist/`, no `node_modules/`) into `to`, with the dependencies `npm ci` installed linked in.
 */
export async function freshCheckout(root: string, to: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  const files = stdout.split('\0').filter((f) => f !== '');
  for (const file of files) {
    await mkdir(dirname(join(to, file)), { recursive: true });
    await copyFile(join(root, file), join(to, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // deleted in the working tree, not yet in git
    });
  }
  await symlink(join(root, 'node_modules'), join(to, 'node_modules'), 'dir');
}

/** What `npm pack --json` says of the tarball it wrote. */
export interface Packed {
  readonly filename: string;
  readonly integrity: string;
  readonly files: ReadonlyArray<{ readonly path: string }>;
}

/** `npm pack` as a publisher runs it (its `prepack` script included), the tarball written to `into`. */
export async function npmPack(checkout: string, into: string): Promise<Packed> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', into], {
    cwd: checkout,
    env: bareEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
  // Build output may precede the JSON array.
  return (
    JSON.parse(stdout.slice(stdout.indexOf('\n[') + 1 || stdout.indexOf('['))) as Packed[]
  )[0] as Packed;
}

interface LockEntry {
  readonly version: string;
  readonly integrity?: string;
  readonly resolved?: string;
  readonly dev?: boolean;
  readonly [key: string]: unknown;
}

/** Where npm's content-addressed cache keeps a tarball of this integrity. */
function contentPath(cache: string, integrity: string): string {
  const [algorithm = '', digest = ''] = integrity.split('-', 2);
  const hex = Buffer.from(digest, 'base64').toString('hex');
  return join(cache, '_cacache', 'content-v2', algorithm, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
}

/** Links one package's tarball from the developer's npm cache into the test's own. */
async function shareTarball(from: string, to: string, entry: LockEntry, path: string): Promise<void> {
  const source = contentPath(from, entry.integrity ?? '');
  const target = contentPath(to, entry.integrity ?? '');
  if (existsSync(target)) return; // the same tarball at two places in the tree
  if (!existsSync(source)) {
    // Another platform's optional binary: npm skips it, and it was never downloaded.
    if (entry.optional === true) return;
    throw new Error(`${path}@${entry.version} is not in the npm cache ${from}: run npm ci first`);
  }
  await mkdir(dirname(target), { recursive: true });
  await link(source, target).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EXDEV') throw error;
    return copyFile(source, target);
  });
}

/**
 * Installs the tarball into the empty folder `app` as a user's `npm install` would, but offline: the
 * versions the repository's lock pins, each tarball taken from the npm cache `npm ci` filled (linked
 * into a cache of the test's own, so the developer's is only read).
 */
export async function installOffline(options: {
  readonly root: string;
  readonly tarball: Packed;
  readonly tarballDir: string;
  readonly app: string;
  readonly npmCache: string;
}): Promise<void> {
  const { root, tarball, app } = options;
  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    dependencies: Record<string, string>;
    bin: Record<string, string>;
    engines: Record<string, string>;
  };
  const repoLock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const cache = join(app, '..', 'npm-cache');
  const spec = `file:${join(options.tarballDir, tarball.filename)}`;
  const packages: Record<string, unknown> = {
    '': { name: 'app', version: '1.0.0', dependencies: { [manifest.name]: spec } },
    [`node_modules/${manifest.name}`]: {
      version: manifest.version,
      resolved: spec,
      integrity: tarball.integrity,
      dependencies: manifest.dependencies,
      bin: manifest.bin,
      engines: manifest.engines,
    },
  };
  for (const [path, entry] of Object.entries(repoLock.packages)) {
    if (path === '' || entry.dev === true || entry.integrity === undefined) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const tail = name.slice(name.lastIndexOf('/') + 1);
    // The lock omits registry URLs; without one, npm would ask the registry for the package's metadata.
    packages[path] = {
      ...entry,
      resolved: `https://registry.npmjs.org/${name}/-/${tail}-${entry.version}.tgz`,
    };
    await shareTarball(options.npmCache, cache, entry, path);
  }
  await mkdir(app, { recursive: true });
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', private: true, dependencies: { [manifest.name]: spec } }),
  );
  await writeFile(
    join(app, 'package-lock.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', lockfileVersion: 3, requires: true, packages }),
  );
  await run('npm', ['ci', '--offline', '--cache', cache], {
    cwd: app,
    env: bareEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
}
