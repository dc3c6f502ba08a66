import type { SlashCommandStringOption } from 'discord.js';
import { isWorkingOrder } from '../../core/gate/index.js';
import type { Choice, CommandContext } from '../command.js';
import { DeskInputError } from '../errors.js';
import { LIMITS } from '../text/limits.js';

/** The order-number option of /cancel and /modify, completed from today's working orders. */
export function orderNumberOption(o: SlashCommandStringOption): SlashCommandStringOption {
  return o
    .setName('order_number')
    .setDescription("A working order's number (today's working orders are offered)")
    .setRequired(true)
    .setAutocomplete(true)
    .setMinLength(1)
    .setMaxLength(20);
}

/**
 * Today's working orders whose number or symbol holds what is typed, newest first, from the order
 * watcher's view (no broker call: Discord waits 3 s for choices).
 */
export function workingOrderChoices(ctx: CommandContext, typed: string): Choice[] {
  const want = typed.trim().toUpperCase();
  const orders = ctx.deps.monitor?.feed.orders() ?? [];
  return orders
    .filter((o) => isWorkingOrder(o))
    .filter(
      (o) => want === '' || o.orderNumber.includes(want) || o.tradingSymbol.toUpperCase().includes(want),
    )
    .reverse()
    .slice(0, LIMITS.choices)
    .map((o) => {
      const price = o.price ? ` @ ${o.price}` : '';
      return {
        name: `${o.orderNumber} · ${o.side} ${o.quantity} ${o.tradingSymbol}${price} · ${o.status}`,
        value: o.orderNumber,
      };
    });
}

/** The order number as typed: digits only, or the command is refused before anything is asked. */
export function typedOrderNumber(text: string): string {
  const n = text.trim();
  if (!/^\d{1,20}$/.test(n)) {
    throw new DeskInputError(
      `${n.slice(0, 24) || 'that'} is not an order number`,
      'pick one of the working orders offered, or type its number',
    );
  }
  return n;
}
