import { optNumber } from './values.js';

/** What a trade row says about its quantities, as far as deriving its fill goes. */
export interface FillFacts {
  readonly orderNumber: string;
  /** The row's own fill quantity (`flqty`, `fillQuantity`), when it carries one. */
  readonly fill: string | undefined;
  /** The order's traded quantity after this fill (`fillshares`, cumulative). */
  readonly cumulative: string | undefined;
  /** The order's quantity. */
  readonly quantity: string | undefined;
  /** True when the row itself says the order is complete. */
  readonly complete: boolean;
}

/**
 * The fill quantity of each row: its own when it carries one; else the step in the order's cumulative
 * `fillshares` from its previous fill (the trade book holds every fill of the day, so the steps are
 * exact); else the order's quantity when its only row says it is complete. Undefined when none applies.
 */
export function fillQuantities(rows: readonly FillFacts[]): Array<number | undefined> {
  const byOrder = new Map<string, number[]>();
  for (const [i, row] of rows.entries())
    byOrder.set(row.orderNumber, [...(byOrder.get(row.orderNumber) ?? []), i]);
  const derived = new Map<number, number>();
  for (const indices of byOrder.values()) {
    for (const [i, quantity] of orderSteps(indices.map((i) => rows[i] as FillFacts))) {
      derived.set(indices[i] as number, quantity);
    }
  }
  return rows.map((row, i) => optNumber(row.fill) ?? derived.get(i));
}

/** Fill quantities of one order's rows (by position) that follow from its cumulative totals or its quantity. */
function orderSteps(rows: readonly FillFacts[]): Array<[number, number]> {
  const totals = rows.map((row) => optNumber(row.cumulative));
  if (totals.every((total): total is number => total !== undefined && total > 0)) {
    const ascending = [...totals].sort((a, b) => a - b);
    // Totals that repeat cannot be told apart: the book then shows the order's total, not each fill's.
    if (new Set(ascending).size !== ascending.length) return [];
    return totals.map((total, i) => [i, total - (ascending[ascending.indexOf(total) - 1] ?? 0)]);
  }
  const [only] = rows;
  const quantity = optNumber(only?.quantity);
  return rows.length === 1 && only?.complete && quantity !== undefined ? [[0, quantity]] : [];
}
