import type { SlashCommandBuilder, SlashCommandStringOption } from 'discord.js';
import { EXCHANGES } from '../../core/vocabulary/index.js';

/** `instrument`: anything the catalogue resolves, autocompleted. */
export function instrumentOption(
  o: SlashCommandStringOption,
  what = 'RELIANCE, NSE:RELIANCE-EQ, a token or an F&O contract',
) {
  return o
    .setName('instrument')
    .setDescription(what)
    .setRequired(true)
    .setAutocomplete(true)
    .setMaxLength(60);
}

/** `exchange?`: narrows the instrument to one exchange. */
export function exchangeOption(o: SlashCommandStringOption) {
  return o
    .setName('exchange')
    .setDescription('Only look on this exchange')
    .setChoices(...EXCHANGES.map((e) => ({ name: e, value: e })));
}

/** `product?`: C delivery, M carry-forward, I intraday. */
export function productOption(o: SlashCommandStringOption, fallback: string) {
  return o
    .setName('product')
    .setDescription(`C delivery, M carry-forward, I intraday (default ${fallback})`)
    .setChoices(
      { name: 'C (delivery)', value: 'C' },
      { name: 'M (carry-forward)', value: 'M' },
      { name: 'I (intraday)', value: 'I' },
    );
}

/** `side`: BUY or SELL. */
export function sideOption(o: SlashCommandStringOption) {
  return o
    .setName('side')
    .setDescription('BUY or SELL')
    .setRequired(true)
    .setChoices({ name: 'BUY', value: 'BUY' }, { name: 'SELL', value: 'SELL' });
}

/** A command builder's JSON, for the registry. */
export function json(builder: Pick<SlashCommandBuilder, 'toJSON'>) {
  return builder.toJSON();
}
