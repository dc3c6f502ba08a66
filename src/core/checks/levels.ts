import type { Instrument } from '../catalogue/index.js';
import { isTickMultiple, roundToTick } from '../price.js';
import { showPrice, violation } from './format.js';
import type { CheckRule, MarketView, Violation } from './types.js';

/** One price level: positive and finite, on the tick grid, inside the circuit band when it is known. */
export function checkLevel(
  which: 'price' | 'trigger',
  value: number,
  instrument: Instrument,
  market: MarketView,
): Violation[] {
  const name = which === 'price' ? 'Price' : 'Trigger';
  const key = which === 'price' ? 'price' : 'triggerPrice';
  const rule = (price: CheckRule, trigger: CheckRule): CheckRule => (which === 'price' ? price : trigger);
  if (!Number.isFinite(value) || value <= 0) {
    return [
      violation(
        rule('PRICE_INVALID', 'TRIGGER_INVALID'),
        `${name} ${value} is not a positive price: give a price in rupees, such as ${showPrice(instrument.tickSize * 20, instrument.tickSize)}.`,
        Number.isFinite(value) ? { [key]: value } : {},
      ),
    ];
  }
  const out: Violation[] = [];
  const tick = instrument.tickSize;
  if (!isTickMultiple(value, tick)) {
    const down = roundToTick(value, tick, 'down');
    const up = roundToTick(value, tick, 'up');
    const options = down > 0 ? `${showPrice(down, tick)} or ${showPrice(up, tick)}` : showPrice(up, tick);
    out.push(
      violation(
        rule('TICK_SIZE', 'TRIGGER_TICK_SIZE'),
        `${name} ${showPrice(value, tick)} is not a multiple of the tick size ${showPrice(tick, tick)}: use ${options}.`,
        { [key]: value, tickSize: tick },
      ),
    );
  }
  const { lowerCircuit: low, upperCircuit: high } = market;
  if ((low !== undefined && value < low) || (high !== undefined && value > high)) {
    const band = `${low === undefined ? '…' : showPrice(low, tick)} to ${high === undefined ? '…' : showPrice(high, tick)}`;
    const numbers: Record<string, number> = { [key]: value };
    if (low !== undefined) numbers.lowerCircuit = low;
    if (high !== undefined) numbers.upperCircuit = high;
    out.push(
      violation(
        rule('CIRCUIT_BAND', 'TRIGGER_CIRCUIT_BAND'),
        `${name} ${showPrice(value, tick)} is outside today's circuit band ${band}: the exchange rejects it; use a ${which} within the band.`,
        numbers,
      ),
    );
  }
  return out;
}
