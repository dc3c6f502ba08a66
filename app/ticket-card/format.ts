/** Rupees in Indian grouping (₹1,23,456.50), or a dash when unknown. */
const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export function rupees(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? RUPEES.format(value) : '–';
}

export function count(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? COUNT.format(value) : '–';
}

/** How far `now` is from `asked`, in percent of `asked` (signed), for the drift column. */
export function driftPct(asked: number | undefined, now: number | undefined): string {
  if (asked === undefined || now === undefined || asked === 0) return '';
  const pct = ((now - asked) / asked) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(2)} %`;
}

/** A value from the server as text: only strings and numbers are shown, everything else is a dash. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '–';
}
