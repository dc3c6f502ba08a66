import { SlashCommandBuilder } from 'discord.js';
import { instrumentKey, isDerivative } from '../../core/catalogue/index.js';
import { showCount, showRupees } from '../../core/checks/index.js';
import type { Product } from '../../core/vocabulary/index.js';
import { instrumentChoices } from '../autocomplete.js';
import type { SlashCommand } from '../command.js';
import { DeskInputError } from '../errors.js';
import { resolveInstrument } from '../inputs.js';
import { fitEmbed } from '../text/limits.js';
import { instrumentOption, json, productOption, sideOption } from './options.js';

const DERIVATIVES = ['FUTIDX', 'FUTSTK', 'OPTIDX', 'OPTSTK'] as const;

/** `/span`: the span and exposure margin one futures or options position would block. */
export const spanCommand: SlashCommand = {
  name: 'span',
  kind: 'read',
  json: json(
    new SlashCommandBuilder()
      .setName('span')
      .setDescription('Span and exposure margin of a futures or options position')
      .addStringOption((o) => instrumentOption(o, 'An NFO contract, e.g. NFO:NIFTY24NOV26C24000'))
      .addStringOption((o) => sideOption(o))
      .addIntegerOption((o) =>
        o.setName('quantity').setDescription('Units (lots x lot size)').setRequired(true).setMinValue(1),
      )
      .addStringOption((o) => productOption(o, 'M')),
  ),
  prepare(i, ctx) {
    const { instrument: c } = resolveInstrument(
      ctx.deps.catalog(),
      i.options.getString('instrument', true),
      'NFO',
    );
    if (!c || !isDerivative(c.kind) || c.kind === 'EQ' || c.kind === 'INDEX' || c.expiry === undefined) {
      throw new DeskInputError(
        `${i.options.getString('instrument', true).slice(0, 40)} is not a future or an option`,
        'pick an NFO contract from the autocomplete list',
      );
    }
    const side = i.options.getString('side', true);
    const quantity = i.options.getInteger('quantity', true);
    const product = (i.options.getString('product') ?? 'M') as Product;
    return async () => {
      const m = await ctx.deps.client.calculateSpan(
        {
          positions: [
            {
              kind: c.kind as (typeof DERIVATIVES)[number],
              symbolName: c.symbolName,
              expiry: c.expiry as string,
              ...(c.optionType === undefined ? {} : { optionType: c.optionType }),
              ...(c.strike === undefined ? {} : { strikePrice: c.strike }),
              buyQuantity: side === 'BUY' ? quantity : 0,
              sellQuantity: side === 'SELL' ? quantity : 0,
            },
          ],
          product,
        },
        { signal: ctx.signal },
      );
      return {
        embeds: [
          fitEmbed({
            title: `Margin for ${side} ${showCount(quantity)} ${instrumentKey(c)}`,
            description: `Span ${showRupees(m.span)} + exposure ${showRupees(m.exposure)} = **${showRupees(m.total)}** (product ${product})`,
          }),
        ],
      };
    };
  },
  autocomplete(i, ctx) {
    return instrumentChoices(ctx.deps.catalog(), i.options.getFocused(), {
      exchange: 'NFO',
      kinds: DERIVATIVES,
    });
  },
};
