import { SlashCommandBuilder } from 'discord.js';
import { countByGroup, ORDER_GROUPS, orderGroup } from '../../core/domain/order.js';
import type { CommandContext, SlashCommand, Work } from '../command.js';
import { DATA_LEGEND } from '../text/escape.js';
import { fitEmbed } from '../text/limits.js';
import { orderLine } from '../text/orders.js';
import { pageButtons, slice } from '../text/paging.js';
import { json } from './options.js';

const PAGE_SIZE = 10;

function book(status: string, page: number, ctx: CommandContext): Work {
  return async () => {
    const orders = [...(await ctx.deps.client.getOrderBook({ signal: ctx.signal }))].sort((a, b) =>
      b.orderNumber.localeCompare(a.orderNumber),
    );
    const counts = countByGroup(orders);
    const chosen = status === 'all' ? orders : orders.filter((o) => orderGroup(o) === status);
    const s = slice(chosen, page, PAGE_SIZE);
    return {
      embeds: [
        fitEmbed({
          title: `Orders today: ${counts.open} open, ${counts.complete} complete, ${counts.rejected} rejected, ${counts.canceled} canceled`,
          description:
            s.items.length > 0
              ? s.items.map(orderLine).join('\n')
              : `No ${status === 'all' ? '' : `${status} `}orders today.`,
          footer: { text: `Showing ${status}, newest first. ${DATA_LEGEND}` },
        }),
      ],
      components: pageButtons('orders', s, status),
    };
  };
}

/** `/orders`: today's orders in their latest state, newest first, paged; only the asker sees them. */
export const ordersCommand: SlashCommand = {
  name: 'orders',
  kind: 'account',
  json: json(
    new SlashCommandBuilder()
      .setName('orders')
      .setDescription("Today's orders, newest first")
      .addStringOption((o) =>
        o
          .setName('status')
          .setDescription('Which orders (default all)')
          .setChoices(
            ...['all', 'open', 'complete', 'rejected', 'canceled'].map((v) => ({ name: v, value: v })),
          ),
      ),
  ),
  prepare: (i, ctx) => book(i.options.getString('status') ?? 'all', 0, ctx),
  page: (page, arg, ctx) => book(arg in ORDER_GROUPS ? arg : 'all', page, ctx),
};
