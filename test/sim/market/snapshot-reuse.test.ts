import { describe, expect, it } from 'vitest';
import { FRIDAY_MORNING, find, realMarket } from './helpers.js';

const AT = FRIDAY_MORNING;

describe('snapshots reused within a second', () => {
  it('are equal to a fresh market’s at every instant of the second, each with its own instant', () => {
    const warm = realMarket(3);
    const reliance = find(warm.universe(AT), 'NSE', 'RELIANCE-EQ');
    warm.snapshot(reliance, AT + 100);
    for (const at of [AT, AT + 1, AT + 500, AT + 999]) {
      const fresh = realMarket(3);
      expect(warm.snapshot(reliance, at)).toEqual(
        fresh.snapshot(find(fresh.universe(at), 'NSE', 'RELIANCE-EQ'), at),
      );
      expect(warm.snapshot(reliance, at).at).toBe(at);
    }
  });

  it('give way to a price moved later in the same second, from its instant on', () => {
    const m = realMarket(3);
    const sbin = find(m.universe(AT), 'NSE', 'SBIN-EQ');
    const before = m.snapshot(sbin, AT + 200).last;
    m.movePrice(sbin, 1000, AT + 500);
    expect(m.snapshot(sbin, AT + 200).last).toBe(before);
    expect(m.snapshot(sbin, AT + 600).last).toBe(1000);
    expect(m.snapshot(sbin, AT + 200).last).toBe(before);
    expect(m.snapshot(sbin, AT + 999).last).toBe(1000);
  });

  it('share one stamp per second while nothing moves, and none in a second a move falls inside', () => {
    const m = realMarket(3);
    expect(m.snapshotStamp(AT + 10)).toBe(m.snapshotStamp(AT + 990));
    expect(m.snapshotStamp(AT + 1000)).not.toBe(m.snapshotStamp(AT + 990));
    m.movePrice(find(m.universe(AT), 'NSE', 'TCS-EQ'), 3000, AT + 400);
    expect(m.snapshotStamp(AT + 10)).toBeUndefined();
    const later = m.snapshotStamp(AT + 2000);
    expect(later).toBeDefined();
    m.movePrice(find(m.universe(AT), 'NSE', 'TCS-EQ'), 3100, AT - 5000);
    expect(m.snapshotStamp(AT + 2000)).not.toBe(later);
  });
});
