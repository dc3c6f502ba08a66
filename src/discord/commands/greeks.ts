import { SlashCommandBuilder } from 'discord.js';
import type { Greeks } from '../../core/domain/greeks.js';
import type { OptionType } from '../../core/vocabulary/index.js';
import { expiryChoices, strikeChoices } from '../autocomplete.js';
import type { SlashCommand } from '../command.js';
import { fitEmbed } from '../text/limits.js';
import { expiryOption, json } from './options.js';

const column = (g: Greeks): string =>
  [
    `price ${g.price}`,
    `delta ${g.delta}`,
    `gamma ${g.gamma}`,
    `theta ${g.theta}`,
    `vega ${g.vega}`,
    `rho ${g.rho}`,
  ].join('\n');

/** `/greeks`: the broker's option calculator for the call and the put at one strike. */
export const greeksCommand: SlashCommand = {
  name: 'greeks',
  kind: 'read',
  json: json(
    new SlashCommandBuilder()
      .setName('greeks')
      .setDescription('Theoretical price and greeks of the call and the put at a strike')
      .addStringOption((o) => expiryOption(o))
      .addNumberOption((o) =>
        o
          .setName('strike')
          .setDescription('Strike price in rupees')
          .setRequired(true)
          .setAutocomplete(true)
          .setMinValue(0.01),
      )
      .addNumberOption((o) =>
        o
          .setName('spot')
          .setDescription('Price of the underlying in rupees')
          .setRequired(true)
          .setMinValue(0.01),
      )
      .addNumberOption((o) =>
        o
          .setName('volatility')
          .setDescription('Implied volatility, percent a year (e.g. 14.5)')
          .setRequired(true)
          .setMinValue(0.01)
          .setMaxValue(500),
      )
      .addNumberOption((o) =>
        o
          .setName('interest_rate')
          .setDescription('Risk-free rate, percent a year (default 7)')
          .setMinValue(0)
          .setMaxValue(50),
      )
      .addStringOption((o) =>
        o
          .setName('option_type')
          .setDescription('CE or PE (both are shown either way)')
          .setChoices({ name: 'CE', value: 'CE' }, { name: 'PE', value: 'PE' }),
      ),
  ),
  prepare(i, ctx) {
    const expiry = i.options.getString('expiry', true);
    const strike = i.options.getNumber('strike', true);
    const spot = i.options.getNumber('spot', true);
    const volatility = i.options.getNumber('volatility', true);
    const rate = i.options.getNumber('interest_rate') ?? 7;
    const type = (i.options.getString('option_type') ?? undefined) as OptionType | undefined;
    return async () => {
      const g = await ctx.deps.client.getOptionGreeks(
        {
          expiry,
          strikePrice: strike,
          spotPrice: spot,
          interestRate: rate,
          volatility,
          ...(type === undefined ? {} : { optionType: type }),
        },
        { signal: ctx.signal },
      );
      return {
        embeds: [
          fitEmbed({
            title: `Greeks: strike ${strike}, expiry ${expiry}`,
            description: `Spot ${spot}, volatility ${volatility}%, rate ${rate}%`,
            fields: [
              { name: 'Call (CE)', value: column(g.call), inline: true },
              { name: 'Put (PE)', value: column(g.put), inline: true },
            ],
          }),
        ],
      };
    };
  },
  autocomplete(i, ctx) {
    const focused = i.options.getFocused(true);
    const catalog = ctx.deps.catalog();
    if (focused.name === 'expiry') return expiryChoices(catalog, String(focused.value));
    return strikeChoices(
      catalog,
      String(focused.value),
      undefined,
      i.options.getString('expiry') ?? undefined,
    );
  },
};
