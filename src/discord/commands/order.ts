import { SlashCommandBuilder } from 'discord.js';
import type { OrderSide } from '../../core/domain/enums.js';
import {
  DEFAULT_RETENTION,
  PRICE_TYPES,
  type PriceType,
  type Product,
  RETENTIONS,
  type Retention,
} from '../../core/vocabulary/index.js';
import { submitForApproval } from '../approvals/submit.js';
import type { SlashCommand } from '../command.js';
import { defaultProduct, resolveInstrument } from '../inputs.js';
import {
  chosenExchange,
  exchangeOption,
  instrumentAutocomplete,
  instrumentOption,
  json,
  productOption,
  sideOption,
} from './options.js';

/** Price types as /order offers them: at market first, then the others in the broker's order. */
const PRICE_TYPE_CHOICES = ['MKT', ...PRICE_TYPES.filter((t) => t !== 'MKT')];
/** The retentions besides the default, which /order offers first. */
const OTHER_RETENTIONS = RETENTIONS.filter((r) => r !== DEFAULT_RETENTION);
const choices = (values: readonly string[]) => values.map((v) => ({ name: v, value: v }));
const orList = (words: readonly string[]): string => `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/** `/order`: one order, previewed by the gate and posted as a card for an approver. */
export const orderCommand: SlashCommand = {
  name: 'order',
  kind: 'order',
  json: json(
    new SlashCommandBuilder()
      .setName('order')
      .setDescription('Place an order: an approver confirms it on its card first')
      .addStringOption((o) => sideOption(o))
      .addStringOption((o) => instrumentOption(o))
      .addIntegerOption((o) =>
        o
          .setName('quantity')
          .setDescription('Units, not lots (a multiple of the lot size)')
          .setRequired(true)
          .setMinValue(1),
      )
      .addStringOption((o) =>
        o
          .setName('price_type')
          .setDescription(orList(PRICE_TYPE_CHOICES))
          .setRequired(true)
          .setChoices(...choices(PRICE_TYPE_CHOICES)),
      )
      .addNumberOption((o) =>
        o.setName('price').setDescription('Limit price in rupees (LMT, SL-LMT)').setMinValue(0.01),
      )
      .addNumberOption((o) =>
        o
          .setName('trigger_price')
          .setDescription('Stop-loss trigger in rupees (SL-LMT, SL-MKT)')
          .setMinValue(0.01),
      )
      .addStringOption((o) => productOption(o, 'C, or M on NFO'))
      .addStringOption((o) =>
        o
          .setName('retention')
          .setDescription(`${DEFAULT_RETENTION} (default), ${orList(OTHER_RETENTIONS)}`)
          .setChoices(...choices([DEFAULT_RETENTION, ...OTHER_RETENTIONS])),
      )
      .addStringOption((o) =>
        o.setName('remarks').setDescription('A short note kept with the order').setMaxLength(40),
      )
      .addStringOption((o) => exchangeOption(o)),
  ),
  prepare(i, ctx) {
    const exchange = chosenExchange(i);
    const typed = i.options.getString('instrument', true);
    const r = resolveInstrument(ctx.deps.catalog(), typed, exchange);
    const price = i.options.getNumber('price') ?? undefined;
    const trigger = i.options.getNumber('trigger_price') ?? undefined;
    const retention = (i.options.getString('retention') ?? undefined) as Retention | undefined;
    const remarks = i.options.getString('remarks')?.trim();
    return () =>
      submitForApproval(ctx, {
        kind: 'single',
        order: {
          instrument: r.key,
          side: i.options.getString('side', true) as OrderSide,
          quantity: i.options.getInteger('quantity', true),
          priceType: i.options.getString('price_type', true) as PriceType,
          ...(price === undefined ? {} : { price }),
          ...(trigger === undefined ? {} : { triggerPrice: trigger }),
          product: (i.options.getString('product') ?? defaultProduct(r.ref.exchange)) as Product,
          ...(retention === undefined ? {} : { retention }),
          ...(remarks ? { remarks } : {}),
        },
      });
  },
  autocomplete: instrumentAutocomplete,
};
