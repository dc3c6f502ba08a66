import type { DerivativeKind, OptionType } from '../../core/vocabulary/index.js';
import { expiryText, istDay } from './ist-time.js';
import type { SimInstrument, Universe } from './types.js';

/** A derivative as the span calculator names it: underlying, kind, `DD-MMM-YYYY` expiry, strike and type. */
export interface ContractQuery {
  readonly symbolName: string;
  readonly kind: DerivativeKind;
  /** `DD-MMM-YYYY`, month in any case (`24-NOV-2026`). */
  readonly expiry: string;
  /** Options only. */
  readonly strike?: number;
  /** Options only. */
  readonly optionType?: OptionType;
}

/** The listed contract matching a span-calculator position, or undefined when none does. */
export function findContract(universe: Universe, query: ContractQuery): SimInstrument | undefined {
  const expiry = query.expiry.trim().toUpperCase();
  const symbol = query.symbolName.trim().toUpperCase();
  const option = query.kind === 'OPTIDX' || query.kind === 'OPTSTK';
  return universe.instruments.find(
    (i) =>
      i.exchange === 'NFO' &&
      i.kind === query.kind &&
      i.symbolName === symbol &&
      i.expiry !== undefined &&
      expiryText(istDay(i.expiry)) === expiry &&
      (!option || (i.strike === query.strike && i.optionType === query.optionType)),
  );
}
