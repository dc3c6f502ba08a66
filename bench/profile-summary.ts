import { readFileSync } from 'node:fs';

/**
 * Summarises one `.cpuprofile` each (from `node --cpu-prof` or `npm run bench -- --cpu-prof DIR`): the
 * functions with the most self time, and the most inclusive time of the project's own functions.
 * Usage: `npx tsx bench/profile-summary.ts [--top N] FILE.cpuprofile ...`.
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

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 25;
if (args.length === 0 || !(top > 0)) {
  console.error('usage: npx tsx bench/profile-summary.ts [--top N] FILE.cpuprofile ...');
  process.exit(2);
}
for (const file of args) summarise(file, JSON.parse(readFileSync(file, 'utf8')) as Profile);

function summarise(file: string, profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const label = (n: ProfileNode): string => {
    const where = n.callFrame.url.replace(/^.*\/(src|dist|node_modules)\//, '$1/');
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
      .slice(0, top);
    for (const [k, v] of rows)
      console.log(
        `${((100 * v) / total).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`,
      );
  };
  console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
  show('self time', self, () => true);
  show(
    'inclusive time, project code',
    inclusive,
    (k) => /(^| )(src|dist|bench)\//.test(k) || k.includes('/bench/'),
  );
}
