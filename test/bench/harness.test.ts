import { describe, expect, it } from 'vitest';
import { BENCH_USAGE, parseBenchArgs, selectCases } from '../../bench/harness/args.js';
import { compare } from '../../bench/harness/compare.js';
import { renderText } from '../../bench/harness/report.js';
import { runCases, scaleFor } from '../../bench/harness/run.js';
import type { BenchCase } from '../../bench/harness/types.js';

/** Two contenders that do the same trivial work; the harness must report them without judging speed. */
const trivial: BenchCase = {
  name: 'trivial-pair',
  title: 'two ways to sum a small array',
  proves: 'nothing about speed: it exercises the harness',
  async run(ctx) {
    const values = Array.from({ length: 32 }, (_, i) => i);
    const c = await compare(
      [
        { name: 'reduce', op: () => values.reduce((a, b) => a + b, 0) },
        {
          name: 'loop',
          op: async () => {
            let s = 0;
            for (const v of values) s += v;
            return s;
          },
        },
      ],
      { scale: ctx.scale, opsPerRound: 200, concurrency: 2 },
    );
    return {
      contenders: c.contenders,
      ratios: [c.ratio('reduce p50 / loop p50', 'reduce', 'loop', 'p50', 1_000_000)],
      notes: [c.sequence.join(',')],
    };
  },
};

const failing: BenchCase = {
  name: 'trivial-failing',
  title: 'a case that throws',
  proves: 'a failure is reported and the run goes on',
  run: () => Promise.reject(new Error('no server today')),
};

describe('the benchmark harness in quick mode', () => {
  it('runs contenders interleaved in rounds, order flipping, and reports each ratio per round with its spread', async () => {
    const scale = scaleFor(true);
    const report = await runCases([trivial, failing], { scale, log: () => undefined });
    const [pair, broken] = report.cases;
    expect(pair?.contenders?.map((c) => [c.name, c.latencyMs.n])).toEqual([
      ['reduce', 20 * scale.rounds],
      ['loop', 20 * scale.rounds],
    ]);
    const ratio = pair?.ratios?.[0];
    expect(ratio?.rounds).toHaveLength(scale.rounds);
    expect(ratio?.spread.n).toBe(scale.rounds);
    expect(ratio).toMatchObject({ better: 'lower', target: 1_000_000, met: true, unit: 'x' });
    expect(pair?.notes?.[0]).toBe('reduce,loop,loop,reduce,reduce,loop');
    expect(broken?.error).toContain('no server today');
    expect(report.meta.scale).toEqual(scale);
  });

  it('writes the same report as JSON and as text, ratios first', async () => {
    const report = await runCases([trivial], { scale: scaleFor(true), log: () => undefined });
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
    const text = renderText(report);
    expect(text.indexOf('reduce p50 / loop p50')).toBeLessThan(text.indexOf('### trivial-pair'));
    expect(text).toContain('quick (smoke run: do not quote these figures)');
  });

  it('reads its command line and selects cases by part of their name', () => {
    expect(parseBenchArgs(['--quick', '--json', '--out', 'run.json', 'client', 'sim-http'])).toMatchObject({
      quick: true,
      json: true,
      out: 'run.json',
      filters: ['client', 'sim-http'],
    });
    expect(() => parseBenchArgs(['--rounds', 'many'])).toThrow('--rounds must be a whole number');
    expect(() => parseBenchArgs(['--fast'])).toThrow();
    expect(BENCH_USAGE).toContain('--json');
    expect(selectCases([trivial, failing], ['failing']).map((c) => c.name)).toEqual(['trivial-failing']);
    expect(selectCases([trivial, failing], [])).toHaveLength(2);
  });
});
