import { showCount } from '../checks/index.js';
import { changeText, intervalWords, priceText, windowChange, windowText } from './format.js';
import type { ChartData } from './input.js';

/** How many bars the summary speaks for, with the cap said out loud. */
function count(data: ChartData): string {
  const shown = data.candles.length;
  return data.total > shown
    ? `last ${shown} of ${data.total} bars`
    : `${shown} ${shown === 1 ? 'bar' : 'bars'}`;
}

/**
 * One line for the message under the chart: the window, open/high/low/close, the change in percent and
 * the volume, or what is absent (no candles, no volume reported).
 */
export function chartSummary(data: ChartData): string {
  const bars = `${intervalWords(data.interval)} bars`;
  const p = (v: number): string => priceText(v, data.tick);
  const first = data.candles[0];
  const last = data.candles.at(-1);
  const move = windowChange(data.candles);
  if (first === undefined || last === undefined || move === undefined) {
    const price =
      data.lastPriceGiven && data.lastPrice !== undefined ? `; last price ${p(data.lastPrice)}` : '';
    return `${bars}: no candles in this window${price}`;
  }
  let high = first.high;
  let low = first.low;
  let volume = 0;
  let reported = false;
  for (const c of data.candles) {
    high = Math.max(high, c.high);
    low = Math.min(low, c.low);
    if (c.volume !== undefined) {
      volume += c.volume;
      reported = true;
    }
  }
  const parts = [
    `${bars} ${windowText(first, last, data.interval)} (${count(data)})`,
    `open ${p(first.open)}, high ${p(high)}, low ${p(low)}, close ${p(last.close)}`,
    `change ${changeText(move, data.tick)}`,
    reported ? `volume ${showCount(volume)}` : 'no volume reported',
  ];
  if (data.lastPriceGiven && data.lastPrice !== undefined) parts.push(`last price ${p(data.lastPrice)}`);
  return `${parts[0]}: ${parts.slice(1).join(', ')}`;
}
