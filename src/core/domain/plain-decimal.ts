/** 10 to the power of a number of decimals, up to the 4 a wire price may carry. */
const POWERS = [1, 10, 100, 1000, 10_000];

/**
 * A decimal written plainly (`2450.05`, `-3`, `+0.5`: 1 to 11 whole digits, at most 4 decimals) as the
 * number it names. Its digits make an integer below 2^53, and one division by a power of ten rounds it
 * once to the nearest double: the very double `Number(text)` and `parsePrice(text)` give, without their
 * parsing. Undefined for any other text (blanks, exponents, more digits), which they read as before.
 */
export function plainDecimal(text: string): number | undefined {
  const length = text.length;
  const first = length === 0 ? 0 : text.charCodeAt(0);
  let at = first === 43 || first === 45 ? 1 : 0; // + or -
  const wholeFrom = at;
  let units = 0;
  let code = 0;
  // Reads stop at the end: reading past it makes the engine leave its fast path.
  while (at < length) {
    code = text.charCodeAt(at);
    if (code < 48 || code > 57) break;
    units = units * 10 + (code - 48);
    at += 1;
  }
  if (at === wholeFrom || at - wholeFrom > 11) return undefined;
  let decimals = 0;
  if (at < length) {
    if (code !== 46) return undefined; // .
    at += 1;
    const fractionFrom = at;
    while (at < length) {
      code = text.charCodeAt(at);
      if (code < 48 || code > 57) break;
      units = units * 10 + (code - 48);
      at += 1;
    }
    decimals = at - fractionFrom;
    if (at !== length || decimals === 0 || decimals > 4) return undefined;
  }
  const value = units / (POWERS[decimals] as number);
  return first === 45 ? -value : value;
}
