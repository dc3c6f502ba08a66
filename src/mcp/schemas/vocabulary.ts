import type { RejectionKind } from '../../core/orders/rejection.js';
import { ORDER_STATUSES } from '../../core/vocabulary/index.js';

/** Every kind of rejection the core reads out of a reason, as an output enum. */
export const REJECTION_KINDS = [
  'MARGIN_SHORTFALL',
  'CIRCUIT_LIMIT',
  'FREEZE_QUANTITY',
  'PRODUCT_NOT_ENABLED',
  'TICK_SIZE',
  'LOT_SIZE',
  'INSUFFICIENT_HOLDINGS',
  'MARKET_CLOSED',
  'OTHER',
] as const satisfies readonly RejectionKind[];

// A kind the core adds and this list lacks fails to compile here, so the enum never refuses real output.
const everyKind: Exclude<RejectionKind, (typeof REJECTION_KINDS)[number]> extends never ? true : false = true;
void everyKind;

/** The states an order is reported in, UNKNOWN for a word the broker has not used before. */
export const ORDER_STATES = [...ORDER_STATUSES, 'UNKNOWN'] as const;
