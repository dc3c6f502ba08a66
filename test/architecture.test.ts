import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');
type Layer = 'core' | 'sim' | 'mcp' | 'discord' | 'cli' | 'entry';

/** `src/index.ts`, the package's public entry, is a layer of its own. */
const ENTRY = 'index.ts';

interface SourceFile {
  readonly path: string; // relative to src, with forward slashes
  readonly layer: Layer;
  readonly text: string;
  readonly imports: readonly string[];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const IMPORT =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

function load(): SourceFile[] {
  return walk(SRC).map((full) => {
    const path = relative(SRC, full).split('\\').join('/');
    const text = readFileSync(full, 'utf8');
    const imports = [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
    const layer = (path === ENTRY ? 'entry' : path.split('/')[0]) as Layer;
    return { path, layer, text, imports };
  });
}

/** Where an import points: a path under src for relative imports, else the package name. */
function target(file: SourceFile, spec: string): { internal?: string; pkg?: string } {
  if (!spec.startsWith('.')) {
    const parts = spec.split('/');
    return { pkg: spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec) };
  }
  const abs = resolve(dirname(join(SRC, file.path)), spec);
  return { internal: relative(SRC, abs).split('\\').join('/') };
}

const PACKAGES: Record<Layer, readonly string[]> = {
  core: ['zod', 'undici', 'otpauth'],
  sim: ['zod'],
  mcp: ['@modelcontextprotocol/sdk', 'zod'],
  discord: ['discord.js', '@resvg/resvg-js', 'zod'],
  cli: ['@modelcontextprotocol/sdk', 'zod'],
  entry: [],
};

const LAYERS_ALLOWED: Record<Layer, readonly Layer[]> = {
  core: ['core'],
  sim: ['sim', 'core'],
  mcp: ['mcp', 'core'],
  discord: ['discord', 'core'],
  cli: ['cli', 'core', 'sim', 'mcp', 'discord'],
  // The library: the client, the gate and the paper broker, never the adapters or the command.
  entry: ['core', 'sim'],
};

const files = load();

function violations(check: (file: SourceFile, spec: string) => string | undefined): string[] {
  return files.flatMap((file) =>
    file.imports.map((spec) => check(file, spec)).filter((v): v is string => v !== undefined),
  );
}

describe('architecture', () => {
  it('finds the source tree', () => {
    expect(files.some((f) => f.layer === 'core')).toBe(true);
  });

  it('puts every source file in a known layer (only the package entry sits at the top)', () => {
    const unknown = files.filter((f) => !(f.layer in LAYERS_ALLOWED)).map((f) => f.path);
    expect(unknown).toEqual([]);
    expect(files.filter((f) => f.layer === 'entry').map((f) => f.path)).toEqual([ENTRY]);
  });

  it('keeps each layer to the layers it may depend on', () => {
    const found = violations((file, spec) => {
      const { internal } = target(file, spec);
      if (internal === undefined) return undefined;
      const layer = internal.split('/')[0] as Layer;
      return LAYERS_ALLOWED[file.layer].includes(layer) ? undefined : `${file.path} imports ${internal}`;
    });
    expect(found).toEqual([]);
  });

  it('lets the simulator share only core schemas and vocabulary, never the client', () => {
    const found = violations((file, spec) => {
      if (file.layer !== 'sim') return undefined;
      const { internal } = target(file, spec);
      if (internal === undefined || !internal.startsWith('core/')) return undefined;
      const shared = internal.startsWith('core/wire/') || internal.startsWith('core/vocabulary/');
      return shared ? undefined : `${file.path} imports ${internal}`;
    });
    expect(found).toEqual([]);
  });

  it('uses only node: built-ins and the allowed packages in each layer', () => {
    const found = violations((file, spec) => {
      const { pkg } = target(file, spec);
      if (pkg === undefined) return undefined;
      if (pkg.startsWith('node:')) return undefined;
      return PACKAGES[file.layer].includes(pkg) ? undefined : `${file.path} imports package ${pkg}`;
    });
    expect(found).toEqual([]);
  });

  it('keeps core free of process.env and stdout', () => {
    const found = files
      .filter((f) => f.layer === 'core')
      .filter((f) => /process\.env|process\.stdout|console\.log/.test(f.text))
      .map((f) => f.path);
    expect(found).toEqual([]);
  });

  it('never lets an adapter call an order-placing client method: orders go through the gate', () => {
    const found = files
      .filter((f) => f.layer === 'mcp' || f.layer === 'discord')
      .filter((f) => /\.(placeOrder|placeOrders|placeLongStraddle)\s*\(/.test(f.text))
      .map((f) => f.path);
    expect(found).toEqual([]);
  });
});
