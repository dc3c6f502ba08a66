import type { InstrumentCatalog } from '../core/catalogue/index.js';
import { instrumentKey, isOption } from '../core/catalogue/index.js';
import { expiryMs } from '../core/client/validate.js';
import { istDate } from '../core/time/ist.js';
import type { Exchange, InstrumentKind } from '../core/vocabulary/index.js';
import type { Choice } from './command.js';
import { LIMITS } from './text/limits.js';

const MAX = LIMITS.choices;

/** Instruments matching what is typed (ranked search); the first of the master when nothing is typed yet. */
export function instrumentChoices(
  catalog: InstrumentCatalog,
  typed: string,
  options: { exchange?: Exchange; kinds?: readonly InstrumentKind[] } = {},
): Choice[] {
  const found =
    typed.trim() === ''
      ? catalog
          .all()
          .filter(
            (i) =>
              (options.exchange === undefined || i.exchange === options.exchange) &&
              (options.kinds === undefined || options.kinds.includes(i.kind)),
          )
          .slice(0, MAX)
      : catalog.search(typed, { limit: MAX, ...options }).map((h) => h.instrument);
  return found.map((i) => {
    const key = instrumentKey(i);
    const detail = i.expiry ? ` · ${i.kind} ${i.expiry}` : ` · ${i.kind}`;
    return { name: `${key}${detail}`, value: key };
  });
}

function options(catalog: InstrumentCatalog) {
  return catalog.all().filter((i) => isOption(i.kind) && i.exchange === 'NFO');
}

/** Underlyings with listed options whose name starts with what is typed. */
export function symbolChoices(catalog: InstrumentCatalog, typed: string): Choice[] {
  const want = typed.trim().toUpperCase();
  const names = [...new Set(options(catalog).map((i) => i.symbolName))].filter((n) => n.startsWith(want));
  return names.slice(0, MAX).map((n) => ({ name: n, value: n }));
}

/** Option expiries (of one underlying when named), nearest first, as `YYYY-MM-DD`. */
export function expiryChoices(catalog: InstrumentCatalog, typed: string, symbol?: string): Choice[] {
  const want = symbol?.trim().toUpperCase();
  const days = [
    ...new Set(
      options(catalog)
        .filter((i) => want === undefined || want === '' || i.symbolName === want)
        .map((i) => i.expiry as string),
    ),
  ]
    .sort()
    .filter((d) => d.includes(typed.trim()));
  return days.slice(0, MAX).map((d) => ({ name: d, value: d }));
}

/** Listed strikes (of an underlying and expiry when named) closest to what is typed, in order. */
export function strikeChoices(
  catalog: InstrumentCatalog,
  typed: string,
  symbol?: string,
  expiry?: string,
): Choice[] {
  const want = symbol?.trim().toUpperCase();
  const expiryAt = expiry === undefined ? undefined : expiryMs(expiry);
  const day = expiryAt === undefined ? undefined : istDate(expiryAt);
  const strikes = [
    ...new Set(
      options(catalog)
        .filter(
          (i) =>
            (want === undefined || want === '' || i.symbolName === want) &&
            (day === undefined || i.expiry === day),
        )
        .map((i) => i.strike as number),
    ),
  ].sort((a, b) => a - b);
  const target = Number(typed.trim());
  const chosen =
    typed.trim() === '' || !Number.isFinite(target)
      ? strikes.slice(Math.max(0, Math.floor(strikes.length / 2) - MAX / 2)).slice(0, MAX)
      : [...strikes]
          .sort((a, b) => Math.abs(a - target) - Math.abs(b - target))
          .slice(0, MAX)
          .sort((a, b) => a - b);
  return chosen.map((s) => ({ name: String(s), value: s }));
}
