import type { Market, SimInstrument } from '../market/types.js';

/**
 * Answers per market and instrument, kept with the market's snapshot stamp they were built at: reused
 * while the stamp holds (the same second, no price moved), rebuilt after.
 */
export interface AnswerCache<T> {
  /** The answer for this instrument at `at`, from the cache or from `build` (cached when stamped). */
  get(market: Market, instrument: SimInstrument, at: number, build: () => T): T;
}

/** An empty cache; entries leave with their market or instrument (weakly held). */
export function createAnswerCache<T>(): AnswerCache<T> {
  const byMarket = new WeakMap<Market, WeakMap<SimInstrument, { stamp: number; answer: T }>>();
  return {
    get(market, instrument, at, build) {
      const stamp = market.snapshotStamp(at);
      if (stamp === undefined) return build();
      let answers = byMarket.get(market);
      if (!answers) {
        answers = new WeakMap();
        byMarket.set(market, answers);
      }
      const hit = answers.get(instrument);
      if (hit?.stamp === stamp) return hit.answer;
      const answer = build();
      answers.set(instrument, { stamp, answer });
      return answer;
    },
  };
}
