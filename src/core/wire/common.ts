import { z } from 'zod';

/** A value on the wire: the API sends every value, numbers and times included, as a JSON string. */
export const str = z.string();
/** A field the spec lists but a caller can do without; absent in some responses. */
export const optStr = z.string().optional();

/** Request fields every session-bound second-generation call carries. */
export const sessionFields = { userId: str, jKey: str };

/** True when a status word means success, whatever its case (`Ok`, `OK`, `Success`, `success`). */
export function isSuccessWord(value: unknown): boolean {
  return typeof value === 'string' && ['ok', 'success'].includes(value.toLowerCase());
}

/** True when a status word means failure, whatever its case (`Not_Ok`, `Failed`, `failed`). */
export function isFailureWord(value: unknown): boolean {
  return typeof value === 'string' && ['not_ok', 'failed', 'failure'].includes(value.toLowerCase());
}

/** The first non-blank string among `keys` of a loosely read entry (field spellings drift across the family). */
export function firstText(
  entry: Readonly<Record<string, unknown>>,
  ...keys: readonly string[]
): string | undefined {
  for (const key of keys) {
    const value = entry[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** The fields that name an instrument at the head of a quote and of security info, in the spec's order. */
export const instrumentHeader = {
  requestTime: optStr,
  exchange: str,
  tradingSymbol: str,
  companyName: optStr,
  symbolName: optStr,
  segment: optStr,
  instrumentName: optStr,
};
