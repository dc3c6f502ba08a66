import { parsePrice } from '../price.js';
import { toIstIso } from '../time/ist.js';
import { brokerTimeIso } from './ist-text.js';

/** A wire value that cannot stand for what the field means (a price that is not a number). */
export class FieldError extends Error {
  override readonly name = 'FieldError';
  constructor(readonly issue: string) {
    super(issue);
  }
}

const blank = (text: string | undefined): text is undefined => text === undefined || text.trim() === '';

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * A price written plainly (`2450.05`, `-3`: at most 11 whole digits and 4 decimals), read by `Number`:
 * `parsePrice` would count it in exact integer units and divide by 10^4, which rounds to the same double.
 * Undefined for anything else, which `parsePrice` reads.
 */
function plainPrice(text: string): number | undefined {
  const sign = text.charCodeAt(0);
  let at = sign === 43 || sign === 45 ? 1 : 0; // + or -
  const wholeFrom = at;
  while (isDigit(text.charCodeAt(at))) at += 1;
  const whole = at - wholeFrom;
  if (whole === 0 || whole > 11) return undefined;
  if (at === text.length) return Number(text);
  if (text.charCodeAt(at) !== 46) return undefined; // .
  at += 1;
  const fractionFrom = at;
  while (isDigit(text.charCodeAt(at))) at += 1;
  const fraction = at - fractionFrom;
  return at === text.length && fraction >= 1 && fraction <= 4 ? Number(text) : undefined;
}

/** A price or amount, exact to 4 decimals; undefined when absent or unreadable. */
export function optPrice(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return plainPrice(text) ?? (blank(text) ? undefined : parsePrice(text));
}

/** A price or amount the answer must carry. */
export function reqPrice(text: string | undefined, path: string): number {
  const value = optPrice(text);
  if (value === undefined)
    throw new FieldError(`${path}: expected a decimal number, got ${JSON.stringify(text)}`);
  return value;
}

/** Any other number (quantities, greeks, rates); undefined when absent or unreadable. */
export function optNumber(text: string | undefined): number | undefined {
  if (blank(text)) return undefined;
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : undefined;
}

/** A number the answer must carry. */
export function reqNumber(text: string | undefined, path: string): number {
  const value = optNumber(text);
  if (value === undefined) throw new FieldError(`${path}: expected a number, got ${JSON.stringify(text)}`);
  return value;
}

/** A broker timestamp (`HH:MM:SS dd-mm-yyyy` or `dd-mm-yyyy HH:MM:SS`, IST) as ISO 8601 with +05:30. */
export function istIso(text: string | undefined): string | undefined {
  return blank(text) ? undefined : brokerTimeIso(text);
}

/** Epoch seconds (as the broker sends `ordenttm`, `ssboe`) as ISO 8601 with +05:30. */
export function epochIso(text: string | undefined): string | undefined {
  const seconds = optNumber(text);
  return seconds === undefined || seconds <= 0 ? undefined : toIstIso(seconds * 1000);
}

/** Text with surrounding blanks removed; undefined when empty. */
export function optText(text: string | undefined): string | undefined {
  return blank(text) ? undefined : text.trim();
}
