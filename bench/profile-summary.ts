import { readFileSync } from 'node:fs';

/**
 * Summarises `.cpuprofile` files (from `node --cpu-prof` or `npm run bench -- --cpu-prof DIR`): the
 * functions with the most self time, and the most inclusive time of the project's own functions.
 * Usage: `npx tsx bench/profile-summary.ts FILE.cpuprofile [how-many]`.
 */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly children?: number[];
}
interface Profile {
  readonly nodes: ProfileNode[];
  readonly samples: number[];
  readonly timeDeltas: number[];
}

const [file, top = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/profile-summary.ts FILE.cpuprofile [how-many]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const label = (n: ProfileNode): string => {
  const where = n.callFrame.url.replace(/^.*\/(src|node_modules)\//, '$1/');
  return `${n.callFrame.functionName || '(anonymous)'} ${where}${where ? `:${n.callFrame.lineNumber + 1}` : ''}`;
};
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
for (const [id, micros] of selfMicros) {
  total += micros;
  const node = byId.get(id);
  if (!node) continue;
  self.set(label(node), (self.get(label(node)) ?? 0) + micros);
  // Each frame on the stack once, however often it recurses.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at);
    if (!frame) break;
    const key = label(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
  }
}
const show = (title: string, map: Map<string, number>, filter: (k: string) => boolean): void => {
  console.log(`\n${title}`);
  const rows = [...map]
    .filter(([k]) => filter(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(top));
  for (const [k, v] of rows)
    console.log(
      `${((100 * v) / total).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`,
    );
};
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
show('self time', self, () => true);
show('inclusive time, project code', inclusive, (k) => k.includes('src/') || k.includes('bench/'));
