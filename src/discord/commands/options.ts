import type { AutocompleteInteraction, SlashCommandBuilder, SlashCommandStringOption } from 'discord.js';
import { ORDER_SIDES } from '../../core/domain/enums.js';
import {
  EXCHANGES,
  type Exchange,
  PRODUCT_NAMES,
  PRODUCTS,
  PRODUCTS_IN_WORDS,
} from '../../core/vocabulary/index.js';
import { instrumentChoices } from '../autocomplete.js';
import type { Choice, CommandContext } from '../command.js';

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

/** The `exchange` option's value, when given (Discord only sends one of its choices). */
export function chosenExchange(i: {
  readonly options: { getString(name: string): string | null };
}): Exchange | undefined {
  return (i.options.getString('exchange') ?? undefined) as Exchange | undefined;
}

/** Autocompletes `instrument` from the catalogue, on the exchange chosen when one is. */
export function instrumentAutocomplete(i: AutocompleteInteraction, ctx: CommandContext): readonly Choice[] {
  const exchange = chosenExchange(i);
  return instrumentChoices(
    ctx.deps.catalog(),
    i.options.getFocused(),
    exchange === undefined ? {} : { exchange },
  );
}

/** `expiry`: an F&O expiry in any of the forms people write, autocompleted. */
export function expiryOption(o: SlashCommandStringOption) {
  return o
    .setName('expiry')
    .setDescription('Expiry: 2026-11-24, 24-NOV-2026 or 24NOV26')
    .setRequired(true)
    .setAutocomplete(true)
    .setMaxLength(20);
}

/** `product?`: C delivery, M carry-forward, I intraday. */
export function productOption(o: SlashCommandStringOption, fallback: string) {
  return o
    .setName('product')
    .setDescription(`${PRODUCTS_IN_WORDS} (default ${fallback})`)
    .setChoices(...PRODUCTS.map((p) => ({ name: `${p} (${PRODUCT_NAMES[p]})`, value: p })));
}

/** `side`: BUY or SELL. */
export function sideOption(o: SlashCommandStringOption) {
  return o
    .setName('side')
    .setDescription('BUY or SELL')
    .setRequired(true)
    .setChoices(...ORDER_SIDES.map((side) => ({ name: side, value: side })));
}

/** A command builder's JSON, for the registry. */
export function json(builder: Pick<SlashCommandBuilder, 'toJSON'>) {
  return builder.toJSON();
}
