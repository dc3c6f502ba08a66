import { type Edge, type EdgeKind, importCycles, importGraph, reachable, type SourceText } from './graph.js';

export type Layer = 'core' | 'sim' | 'mcp' | 'discord' | 'web' | 'cli' | 'entry';

/** The package entry: the one file at the top of src. */
export const ENTRY = 'index.ts';

const layerOf = (path: string): Layer | undefined => {
  if (path === ENTRY) return 'entry';
  const top = path.split('/')[0];
  return top === 'core' ||
    top === 'sim' ||
    top === 'mcp' ||
    top === 'discord' ||
    top === 'web' ||
    top === 'cli'
    ? top
    : undefined;
};

/** The layers each layer may import (directly). */
const LAYERS_ALLOWED: Record<Layer, readonly Layer[]> = {
  core: ['core'],
  sim: ['sim', 'core'],
  mcp: ['mcp', 'core'],
  discord: ['discord', 'core'],
  web: ['web', 'core'],
  cli: ['cli', 'core', 'sim', 'mcp', 'discord', 'web'],
  // The library: the client, the gate and the paper broker, never the adapters or the command.
  entry: ['core', 'sim'],
};

/**
 * Core's floors, lowest first. A folder of core (or a file at its top) imports only from floors below its
 * own, never beside or above it, so the broker's words and time sit under what reads them, and what reads
 * them under what decides about orders. A new folder of core takes a floor here.
 */
const CORE_FLOORS: readonly (readonly string[])[] = [
  ['vocabulary', 'wire', 'clock', 'price', 'errors', 'redact', 'data-dir'],
  ['time', 'logger', 'failures', 'transport'],
  ['decode', 'session', 'audit', 'catalogue'],
  ['domain'],
  ['orders', 'checks'],
  ['client', 'chart', 'people'],
  ['config', 'watcher'],
  ['gate'],
];

/** The part of core a path belongs to: its folder, or the file's name for a file at core's top. */
const corePart = (path: string): string => (path.split('/')[1] ?? '').replace(/\.ts$/, '');

const floorOf = (part: string): number => CORE_FLOORS.findIndex((floor) => floor.includes(part));

/** What a layer must never reach, however many files lie in between. */
const NEVER_REACHES: Partial<Record<Layer, readonly string[]>> = {
  // The simulator shares core's schemas and vocabulary, never the client, so the two cannot share a wrong assumption.
  sim: [
    'core/client/',
    'core/gate/',
    'core/session/',
    'core/transport/',
    'core/decode/',
    'mcp/',
    'discord/',
    'cli/',
  ],
  mcp: ['discord/', 'web/', 'cli/', 'sim/'],
  discord: ['mcp/', 'web/', 'cli/', 'sim/'],
  web: ['mcp/', 'discord/', 'cli/', 'sim/'],
  core: ['sim/', 'mcp/', 'discord/', 'web/', 'cli/'],
  entry: ['mcp/', 'discord/', 'web/', 'cli/'],
};

/** The packages each layer may use (besides node: built-ins). */
const PACKAGES: Record<Layer, readonly string[]> = {
  core: ['zod', 'undici', 'otpauth', 'canonicalize', 'fflate', 'nanoid', '@resvg/resvg-js'],
  sim: ['zod', 'fflate'],
  mcp: [
    '@modelcontextprotocol/server',
    '@modelcontextprotocol/node',
    '@modelcontextprotocol/ext-apps',
    'zod',
  ],
  discord: ['discord.js', 'zod'],
  web: ['cookie', 'oidc-provider', 'zod'],
  cli: ['@modelcontextprotocol/client', 'zod', 'prom-client'],
  entry: [],
};

/** One broken rule, saying which file, what it imports and how. */
export interface Finding {
  readonly rule: string;
  readonly kind: EdgeKind | 'text' | 'cycle';
  readonly detail: string;
}

/** Every architecture rule checked over a source tree; an empty list means the tree keeps them all. */
export function checkArchitecture(sources: readonly SourceText[]): Finding[] {
  const edges = importGraph(sources);
  const findings: Finding[] = [];
  for (const s of sources) {
    if (layerOf(s.path) === undefined)
      findings.push({ rule: 'layer', kind: 'text', detail: `${s.path} is in no layer` });
    else if (layerOf(s.path) === 'core' && floorOf(corePart(s.path)) < 0)
      findings.push({ rule: 'core-floor', kind: 'text', detail: `${s.path} is on no floor of core` });
  }
  for (const e of edges) findings.push(...edgeFindings(e));
  const run: readonly EdgeKind[] = ['value', 'dynamic'];
  for (const [kinds, label] of [
    [run, 'value'],
    [['type'], 'type'],
  ] as const) {
    for (const [file, reached] of reachable(edges, kinds)) {
      const banned = NEVER_REACHES[layerOf(file) as Layer] ?? [];
      for (const other of reached) {
        if (banned.some((prefix) => other.startsWith(prefix)))
          findings.push({ rule: 'reach', kind: label, detail: `${file} reaches ${other}` });
      }
    }
  }
  for (const cycle of importCycles(edges.filter((e) => e.kind !== 'type')))
    findings.push({ rule: 'cycle', kind: 'cycle', detail: `run-time import circle: ${cycle.join(' ↔ ')}` });
  for (const cycle of importCycles(edges.map((e) => (e.kind === 'type' ? { ...e, kind: 'value' } : e))))
    findings.push({
      rule: 'cycle',
      kind: 'type',
      detail: `import circle (types included): ${cycle.join(' ↔ ')}`,
    });
  findings.push(...textFindings(sources));
  return dedupe(findings);
}

function edgeFindings(e: Edge): Finding[] {
  const from = layerOf(e.from);
  if (from === undefined) return [];
  if (e.pkg !== undefined) {
    if (e.pkg.startsWith('node:') || PACKAGES[from].includes(e.pkg)) return [];
    return [{ rule: 'package', kind: e.kind, detail: `${e.from} imports package ${e.pkg}` }];
  }
  const to = layerOf(e.internal ?? '');
  const internal = e.internal ?? '';
  if (from === 'sim' && to === 'core' && !/^core\/(wire|vocabulary)\//.test(internal))
    return [
      {
        rule: 'sim-shares',
        kind: e.kind,
        detail: `${e.from} imports ${internal} (only core/wire and core/vocabulary)`,
      },
    ];
  if (from === 'core' && to === 'core') return coreFloorFindings(e, internal);
  if (to !== undefined && LAYERS_ALLOWED[from].includes(to)) return [];
  return [{ rule: 'layer', kind: e.kind, detail: `${e.from} imports ${e.internal}` }];
}

/** An import inside core that does not go down a floor (within one folder, anything goes). */
function coreFloorFindings(e: Edge, internal: string): Finding[] {
  const [from, to] = [corePart(e.from), corePart(internal)];
  if (from === to || floorOf(to) < floorOf(from)) return [];
  return [
    {
      rule: 'core-floor',
      kind: e.kind,
      detail: `${e.from} imports ${internal} (core/${to} is not on a floor below core/${from})`,
    },
  ];
}

function textFindings(sources: readonly SourceText[]): Finding[] {
  const out: Finding[] = [];
  for (const s of sources) {
    const layer = layerOf(s.path);
    if (layer === 'core' && /process\.env|process\.stdout|console\.log/.test(s.text))
      out.push({ rule: 'core-io', kind: 'text', detail: `${s.path} reads process.env or writes stdout` });
    if (
      (layer === 'mcp' || layer === 'discord' || layer === 'web') &&
      /\.(placeOrder|placeOrders|placeLongStraddle|cancelOrder|modifyOrder)\s*\(/.test(s.text)
    )
      out.push({
        rule: 'gate',
        kind: 'text',
        detail: `${s.path} calls an order-placing or order-changing client method`,
      });
  }
  return out;
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.rule}|${f.kind}|${f.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
