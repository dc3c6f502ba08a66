import type { SlashCommand } from '../command.js';
import type { DeskSettings } from '../deps.js';
import { kindRefusal } from '../interactions/guard.js';
import { cancelCommand } from './cancel.js';
import { candlesCommand } from './candles.js';
import { greeksCommand } from './greeks.js';
import { haltCommand } from './halt.js';
import { holdingsCommand } from './holdings.js';
import { indicesCommand } from './indices.js';
import { limitsCommand } from './limits.js';
import { modifyCommand } from './modify.js';
import { multiOrderCommand } from './multi-order.js';
import { orderCommand } from './order.js';
import { orderStatusCommand } from './order-status.js';
import { ordersCommand } from './orders.js';
import { pendingCommand } from './pending.js';
import { quoteCommand } from './quote.js';
import { resumeCommand } from './resume.js';
import { securityCommand } from './security.js';
import { spanCommand } from './span.js';
import { straddleCommand } from './straddle.js';
import { summaryCommand } from './summary.js';
import { tokenCommand } from './token.js';
import { tradesCommand } from './trades.js';
import { whoamiCommand } from './whoami.js';

/** Every command of the desk, in the order Discord lists them. */
export const ALL_COMMANDS: readonly SlashCommand[] = [
  quoteCommand,
  candlesCommand,
  securityCommand,
  indicesCommand,
  greeksCommand,
  spanCommand,
  orderCommand,
  multiOrderCommand,
  straddleCommand,
  modifyCommand,
  cancelCommand,
  ordersCommand,
  orderStatusCommand,
  tradesCommand,
  summaryCommand,
  holdingsCommand,
  limitsCommand,
  pendingCommand,
  haltCommand,
  resumeCommand,
  whoamiCommand,
  tokenCommand,
];

/**
 * The commands to register with these settings: a read-only desk has no order or halt commands, a desk
 * without a people file no /whoami or /token.
 */
export function registeredCommands(settings: DeskSettings): SlashCommand[] {
  return ALL_COMMANDS.filter((c) => kindRefusal(c.kind, settings) === undefined);
}

/** Every command by name; the router knows all of them, so an unregistered one can say why. */
export function commandMap(): ReadonlyMap<string, SlashCommand> {
  return new Map(ALL_COMMANDS.map((c) => [c.name, c]));
}
