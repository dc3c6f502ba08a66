import { parsePrice } from '../price.js';
import { toIstIso } from '../time/ist.js';
import { brokerTimeIso } from './ist-text.js';
import { plainDecimal } from './plain-decimal.js';

/** A wire value that cannot stand for what the field means (a price that is not a number). */
export class FieldError extends Error {
  override readonly name = 'FieldError';
  constructor(readonly issue: string) {
    super(issue);
  }
}

const blank = (text: string | undefined): text is undefined => text === undefined || text.trim() === '';

/** A price or amount, exact to 4 decimals; undefined when absent or unreadable. */
export function optPrice(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return plainDecimal(text) ?? (blank(text) ? undefined : parsePrice(text));
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
  if (text === undefined) return undefined;
  // Number skips the same surrounding blanks trim does, and reads blank text as 0.
  const value = Number(text);
  if (value === 0 && text.trim() === '') return undefined;
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
  return text === undefined ? undefined : brokerTimeIso(text);
}

/** Epoch seconds (as the broker sends `ordenttm`, `ssboe`) as ISO 8601 with +05:30. */
export function epochIso(text: string | undefined): string | undefined {
  const seconds = optNumber(text);
  return seconds === undefined || seconds <= 0 ? undefined : toIstIso(seconds * 1000);
}

/** Text with surrounding blanks removed; undefined when empty. */
export function optText(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === '' ? undefined : trimmed;
}
