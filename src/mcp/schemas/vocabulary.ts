import { ORDER_STATUSES } from '../../core/vocabulary/index.js';

/** The states an order is reported in, UNKNOWN for a word the broker has not used before. */
export const ORDER_STATES = [...ORDER_STATUSES, 'UNKNOWN'] as const;
