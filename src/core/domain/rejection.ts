import { parsePrice } from '../price.js';

/** What kind of rule rejected an order. */
export type RejectionKind =
  | 'MARGIN_SHORTFALL'
  | 'CIRCUIT_LIMIT'
  | 'FREEZE_QUANTITY'
  | 'PRODUCT_NOT_ENABLED'
  | 'TICK_SIZE'
  | 'LOT_SIZE'
  | 'INSUFFICIENT_HOLDINGS'
  | 'MARKET_CLOSED'
  | 'OTHER';

/** A rejection reason read into parts; `text` is the broker's reason verbatim. */
export interface Rejection {
  /** The rejecting component (`RED` risk system, `ORA` OMS rules, `SAF` …), or empty when unknown. */
  readonly party: string;
  readonly kind: RejectionKind;
  readonly text: string;
  /** Every `Name:123` or `Name:INR 1.23` pair of the text, keyed by the name in lower camel case. */
  readonly numbers: Readonly<Record<string, number>>;
}

// Most specific first: a circuit text mentions "Current", a holdings text "Available".
const KINDS: ReadonlyArray<readonly [RegExp, RejectionKind]> = [
  [/insufficient holding/i, 'INSUFFICIENT_HOLDINGS'],
  [/margin shortfall|insufficient (funds|margin)/i, 'MARGIN_SHORTFALL'],
  [/circuit/i, 'CIRCUIT_LIMIT'],
  [/freeze/i, 'FREEZE_QUANTITY'],
  [/product\b.*\bnot enabled|not enabled\b.*\bproduct/i, 'PRODUCT_NOT_ENABLED'],
  [/tick ?size/i, 'TICK_SIZE'],
  [/lot ?size/i, 'LOT_SIZE'],
  [/market (is )?closed|market closed/i, 'MARKET_CLOSED'],
];

const PARTY = /^\s*([A-Z]{2,4})\s*:/;
// A name, a colon, an optional currency, a number not followed by more word characters.
const PAIR = /([A-Za-z][A-Za-z0-9]*)\s*:\s*(?:INR\s*)?([+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?![\w.,])/g;

/** Every `Name:number` pair of a text; the first occurrence of a name wins. */
export function readNumbers(text: string): Record<string, number> {
  const numbers: Record<string, number> = {};
  for (const match of text.matchAll(PAIR)) {
    const [, name = '', digits = ''] = match;
    const key = name.charAt(0).toLowerCase() + name.slice(1);
    const plain = digits.replaceAll(',', '');
    const value = parsePrice(plain) ?? Number(plain);
    if (!(key in numbers) && Number.isFinite(value)) numbers[key] = value;
  }
  return numbers;
}

/** Reads a rejection reason; `rejectedBy` (the `rejby` field) names the party when the text does not. */
export function parseRejection(text: string, rejectedBy?: string): Rejection {
  const reason = text.trim();
  const party = PARTY.exec(reason)?.[1] ?? rejectedBy?.trim() ?? '';
  const kind = KINDS.find(([pattern]) => pattern.test(reason))?.[1] ?? 'OTHER';
  return { party, kind, text: reason, numbers: readNumbers(reason) };
}
