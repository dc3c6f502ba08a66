import type { InstrumentCatalog } from '../core/catalogue/index.js';
import { sideFromWire } from '../core/domain/enums.js';
import type { OrderInput } from '../core/gate/index.js';
import { isGateError } from '../core/gate/index.js';
import {
  MAX_ORDERS_PER_MULTI,
  PRICE_TYPES,
  PRODUCTS,
  type PriceType,
  type Product,
  takesLimitPrice,
  takesTrigger,
} from '../core/vocabulary/index.js';
import { DeskInputError } from './errors.js';
import { defaultProduct, resolveInstrument } from './inputs.js';

const FORM =
  'write each leg as SIDE INSTRUMENT QUANTITY PRICE_TYPE [PRICE] [TRIGGER] [PRODUCT], e.g. "BUY RELIANCE 10 LMT 2500; SELL INFY 2 MKT"';
/** The prices a price type takes, in the order a leg gives them: its limit price, then its trigger. */
const pricesOf = (type: PriceType): ('price' | 'triggerPrice')[] => [
  ...(takesLimitPrice(type) ? (['price'] as const) : []),
  ...(takesTrigger(type) ? (['triggerPrice'] as const) : []),
];
const NUMBER = /^\d+(\.\d+)?$/;

function parseLeg(text: string, n: number, catalog: InstrumentCatalog): OrderInput {
  const bad = (problem: string): DeskInputError =>
    new DeskInputError(`leg ${n} ("${text.slice(0, 60)}"): ${problem}`, FORM);
  const [sideWord = '', instrument = '', quantityText = '', ...rest] = text.split(/\s+/);
  const side = sideFromWire(sideWord);
  if (side === 'UNKNOWN') throw bad(`"${sideWord.slice(0, 10)}" is not BUY or SELL`);
  if (instrument === '') throw bad('the instrument is missing');
  if (!/^\d+$/.test(quantityText))
    throw bad(`the quantity "${quantityText.slice(0, 12)}" is not a whole number of units`);
  const priceType = (rest[0]?.toUpperCase() ?? 'MKT') as PriceType;
  if (!(PRICE_TYPES as readonly string[]).includes(priceType))
    throw bad(`"${rest[0]?.slice(0, 10)}" is not MKT, LMT, SL-LMT or SL-MKT`);
  const numbers = rest.slice(1);
  const last = numbers[numbers.length - 1]?.toUpperCase();
  const product =
    last !== undefined && (PRODUCTS as readonly string[]).includes(last)
      ? (numbers.pop()?.toUpperCase() as Product)
      : undefined;
  const wanted = pricesOf(priceType);
  if (numbers.length !== wanted.length || !numbers.every((x) => NUMBER.test(x))) {
    throw bad(
      `${priceType} takes ${wanted.length === 0 ? 'no price' : wanted.map((w) => (w === 'price' ? 'a limit price' : 'a trigger price')).join(' and ')}`,
    );
  }
  let key: string;
  let exchange: string;
  try {
    const r = resolveInstrument(catalog, instrument);
    key = r.key;
    exchange = r.ref.exchange;
  } catch (error) {
    if (isGateError(error)) throw bad(error.message);
    throw error;
  }
  const prices = Object.fromEntries(wanted.map((w, k) => [w, Number(numbers[k])]));
  return {
    instrument: key,
    side,
    quantity: Number(quantityText),
    priceType,
    ...prices,
    product: product ?? defaultProduct(exchange),
  };
}

/** The legs of `/multi-order`: separated by `;` or new lines, 1 to 10 of them, each resolved. */
export function parseLegs(text: string, catalog: InstrumentCatalog): OrderInput[] {
  const legs = text
    .split(/[;\n]/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (legs.length === 0 || legs.length > MAX_ORDERS_PER_MULTI) {
    throw new DeskInputError(
      `a multi-order holds 1 to ${MAX_ORDERS_PER_MULTI} legs, got ${legs.length}`,
      FORM,
    );
  }
  return legs.map((leg, n) => parseLeg(leg, n + 1, catalog));
}
