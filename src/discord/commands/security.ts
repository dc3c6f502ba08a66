import { SlashCommandBuilder } from 'discord.js';
import type { SlashCommand } from '../command.js';
import { resolveInstrument } from '../inputs.js';
import { DATA_LEGEND, external } from '../text/escape.js';
import { fitEmbed } from '../text/limits.js';
import { chosenExchange, exchangeOption, instrumentAutocomplete, instrumentOption, json } from './options.js';

/** `/security`: tick, lot, freeze quantity, precision, multiplier and the contract's terms. */
export const securityCommand: SlashCommand = {
  name: 'security',
  kind: 'read',
  json: json(
    new SlashCommandBuilder()
      .setName('security')
      .setDescription('Tick size, lot size, freeze quantity and contract terms of an instrument')
      .addStringOption((o) => instrumentOption(o))
      .addStringOption((o) => exchangeOption(o)),
  ),
  prepare(i, ctx) {
    const exchange = chosenExchange(i);
    const r = resolveInstrument(ctx.deps.catalog(), i.options.getString('instrument', true), exchange);
    return async () => {
      const s = await ctx.deps.client.getSecurityInfo(r.ref, { signal: ctx.signal });
      const inst = r.instrument;
      const fields = [
        { name: 'Tick size', value: String(s.tickSize), inline: true },
        { name: 'Lot size', value: String(s.lotSize), inline: true },
        {
          name: 'Freeze quantity',
          value: inst && inst.freezeQty > 0 ? String(inst.freezeQty) : 'none',
          inline: true,
        },
        { name: 'Kind', value: inst?.kind ?? '-', inline: true },
        {
          name: 'Precision',
          value: s.pricePrecision === undefined ? '-' : String(s.pricePrecision),
          inline: true,
        },
        { name: 'Multiplier', value: s.multiplier === undefined ? '-' : String(s.multiplier), inline: true },
      ];
      if (inst?.expiry) fields.push({ name: 'Expiry', value: inst.expiry, inline: true });
      if (inst?.strike)
        fields.push({ name: 'Strike', value: `${inst.strike} ${inst.optionType ?? ''}`, inline: true });
      if (s.priceFactor)
        fields.push({ name: 'Price factor', value: external(s.priceFactor.text, 60), inline: true });
      return {
        embeds: [
          fitEmbed({
            title: r.key,
            ...(s.companyName ? { description: external(s.companyName, 80) } : {}),
            fields,
            footer: { text: DATA_LEGEND },
          }),
        ],
      };
    };
  },
  autocomplete: instrumentAutocomplete,
};
