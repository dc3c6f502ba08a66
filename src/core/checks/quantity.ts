import type { Instrument } from '../catalogue/index.js';
import { showCount, violation } from './format.js';
import type { OrderIntent, Violation } from './types.js';

/** Quantity is a positive whole number of units, a multiple of the lot size, and within the freeze quantity. */
export function checkQuantity(intent: OrderIntent, instrument: Instrument): Violation[] {
  const quantity = intent.quantity;
  const lot = instrument.lotSize;
  if (!Number.isSafeInteger(quantity) || quantity <= 0) {
    return [
      violation(
        'QUANTITY_INVALID',
        `Quantity ${showCount(quantity)} is not a positive whole number of units: use a multiple of the lot size ${lot}, for example ${lot}.`,
        Number.isFinite(quantity) ? { quantity, lotSize: lot } : { lotSize: lot },
      ),
    ];
  }
  const out = [];
  if (quantity % lot !== 0) {
    const below = Math.floor(quantity / lot) * lot;
    const options = below > 0 ? `${showCount(below)} or ${showCount(below + lot)}` : showCount(lot);
    out.push(
      violation(
        'LOT_SIZE',
        `Quantity ${showCount(quantity)} is not a multiple of the lot size ${showCount(lot)}: use ${options}.`,
        { quantity, lotSize: lot },
      ),
    );
  }
  const freeze = instrument.freezeQty;
  if (freeze > 0 && quantity > freeze) {
    const largest = Math.floor(freeze / lot) * lot;
    const parts = Math.ceil(quantity / Math.max(largest, 1));
    out.push(
      violation(
        'FREEZE_QUANTITY',
        `Quantity ${showCount(quantity)} is above the freeze quantity ${showCount(freeze)} of ${instrument.tradingSymbol}: the exchange rejects it; split it into ${parts} orders of at most ${showCount(largest)}.`,
        { quantity, freezeQty: freeze, lotSize: lot },
      ),
    );
  }
  return out;
}
