import { SlashCommandBuilder } from 'discord.js';
import type { Product } from '../../core/vocabulary/index.js';
import { submitForApproval } from '../approvals/submit.js';
import { expiryChoices, strikeChoices, symbolChoices } from '../autocomplete.js';
import type { SlashCommand } from '../command.js';
import { expiryOption, json, productOption } from './options.js';

/** `/straddle`: buys the call and the put of an underlying at one strike and expiry, after approval. */
export const straddleCommand: SlashCommand = {
  name: 'straddle',
  kind: 'order',
  json: json(
    new SlashCommandBuilder()
      .setName('straddle')
      .setDescription('Buy the call and the put at one strike (long straddle), after approval')
      .addStringOption((o) =>
        o
          .setName('symbol')
          .setDescription('The underlying: NIFTY, BANKNIFTY, ...')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(20),
      )
      .addNumberOption((o) =>
        o
          .setName('strike')
          .setDescription('Strike price listed for that expiry')
          .setRequired(true)
          .setAutocomplete(true)
          .setMinValue(0.01),
      )
      .addStringOption((o) => expiryOption(o))
      .addIntegerOption((o) =>
        o
          .setName('quantity')
          .setDescription('Units per leg (lots x lot size)')
          .setRequired(true)
          .setMinValue(1),
      )
      .addStringOption((o) => productOption(o, 'M')),
  ),
  prepare(i, ctx) {
    const straddle = {
      symbol: i.options.getString('symbol', true),
      strike: i.options.getNumber('strike', true),
      expiry: i.options.getString('expiry', true),
      quantity: i.options.getInteger('quantity', true),
      product: (i.options.getString('product') ?? 'M') as Product,
    };
    return () => submitForApproval(ctx, { kind: 'straddle', straddle });
  },
  autocomplete(i, ctx) {
    const focused = i.options.getFocused(true);
    const catalog = ctx.deps.catalog();
    const symbol = i.options.getString('symbol') ?? undefined;
    if (focused.name === 'symbol') return symbolChoices(catalog, String(focused.value));
    if (focused.name === 'expiry') return expiryChoices(catalog, String(focused.value), symbol);
    return strikeChoices(catalog, String(focused.value), symbol, i.options.getString('expiry') ?? undefined);
  },
};
