import type { Tool } from '../tool.js';
import { calculateSpanTool } from './calculate-span.js';
import { confirmOrderTool } from './confirm-order.js';
import { decideOnCardTool } from './decide-on-card.js';
import { getCandlesTool } from './get-candles.js';
import { getHoldingsTool } from './get-holdings.js';
import { getLimitsTool } from './get-limits.js';
import { getOptionGreeksTool } from './get-option-greeks.js';
import { getOrderBookTool } from './get-order-book.js';
import { getOrderStatusTool } from './get-order-status.js';
import { getQuoteTool } from './get-quote.js';
import { getSecurityInfoTool } from './get-security-info.js';
import { getTradeBookTool } from './get-trade-book.js';
import { listIndicesTool } from './list-indices.js';
import { placeLongStraddleTool } from './place-long-straddle.js';
import { placeMultiOrderTool } from './place-multi-order.js';
import { placeOrderTool } from './place-order.js';
import { searchInstrumentsTool } from './search-instruments.js';
import { ticketCardTool } from './ticket-card.js';
import { whoamiTool } from './whoami.js';

/** Tools that only read, registered in every mode. */
export const READ_TOOLS: readonly Tool[] = [
  getQuoteTool,
  getCandlesTool,
  getSecurityInfoTool,
  listIndicesTool,
  searchInstrumentsTool,
  getOptionGreeksTool,
  calculateSpanTool,
  getOrderBookTool,
  getTradeBookTool,
  getOrderStatusTool,
  getHoldingsTool,
  getLimitsTool,
];

/** Tools that can end in orders at the broker, through the gate; absent in read-only mode. */
export const PLACEMENT_TOOLS: readonly Tool[] = [placeOrderTool, placeMultiOrderTool, placeLongStraddleTool];

/** The model-side confirmation, registered only where tool confirmation is allowed. */
export const CONFIRM_TOOL: Tool = confirmOrderTool;

/** Who the caller is, registered only with a people file (without one, omsdesk has a single operator). */
export const WHOAMI_TOOL: Tool = whoamiTool;

/**
 * The order card's own tools (MCP Apps): listed and callable only for clients that declared the extension,
 * marked for the app alone.
 */
export const CARD_TOOLS: readonly Tool[] = [ticketCardTool, decideOnCardTool];
