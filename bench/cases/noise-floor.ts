import { compare } from '../harness/compare.js';
import type { BenchCase } from '../harness/types.js';

const SAMPLE = { userId: 'SIM001', exchange: 'NSE', token: '2885', jKey: 'k'.repeat(64) };

/** The same operation under two names: what the harness reports when nothing differs. */
export const noiseFloorCase: BenchCase = {
  name: 'noise-floor',
  title: 'the same operation against itself',
  proves:
    'How far a ratio strays from 1.00 on this machine when both sides are identical: ratios of other cases ' +
    'inside this spread are noise.',
  async run(ctx) {
    const op = async (): Promise<void> => {
      await Promise.resolve(JSON.parse(JSON.stringify(SAMPLE)));
    };
    const c = await compare(
      [
        { name: 'A: JSON round trip', op },
        { name: 'B: JSON round trip', op },
      ],
      { scale: ctx.scale, opsPerRound: 20_000, concurrency: 1 },
    );
    return {
      contenders: c.contenders,
      ratios: [c.ratio('A p50 / B p50', 'A: JSON round trip', 'B: JSON round trip', 'p50')],
      notes: [`order of the first rounds: ${c.sequence.slice(0, 6).join(', ')}`],
    };
  },
};
