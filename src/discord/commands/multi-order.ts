import { SlashCommandBuilder } from 'discord.js';
import { MAX_ORDERS_PER_MULTI } from '../../core/vocabulary/index.js';
import { submitForApproval } from '../approvals/submit.js';
import type { SlashCommand } from '../command.js';
import { parseLegs } from '../legs.js';
import { json } from './options.js';

/** `/multi-order`: up to 10 orders as one ticket, approved once, sent in one call. */
export const multiOrderCommand: SlashCommand = {
  name: 'multi-order',
  kind: 'order',
  json: json(
    new SlashCommandBuilder()
      .setName('multi-order')
      .setDescription(`Up to ${MAX_ORDERS_PER_MULTI} orders as one ticket, approved once`)
      .addStringOption((o) =>
        o
          .setName('legs')
          .setDescription('Legs separated by ; e.g. BUY RELIANCE 10 LMT 2500; SELL INFY 2 MKT')
          .setRequired(true)
          .setMaxLength(1000),
      ),
  ),
  prepare(i, ctx) {
    const orders = parseLegs(i.options.getString('legs', true), ctx.deps.catalog());
    return () => submitForApproval(ctx, { kind: 'multi', orders });
  },
};
