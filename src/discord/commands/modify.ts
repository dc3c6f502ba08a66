import { SlashCommandBuilder } from 'discord.js';
import { PRICE_TYPES, type PriceType } from '../../core/vocabulary/index.js';
import { submitForApproval } from '../approvals/submit.js';
import type { SlashCommand } from '../command.js';
import { json } from './options.js';
import { orderNumberOption, typedOrderNumber, workingOrderChoices } from './order-number.js';

/** `/modify`: new terms for a working order, previewed by the gate and confirmed by an approver on its card. */
export const modifyCommand: SlashCommand = {
  name: 'modify',
  kind: 'order',
  json: json(
    new SlashCommandBuilder()
      .setName('modify')
      .setDescription('Change a working order: an approver confirms it on its card first')
      .addStringOption((o) => orderNumberOption(o))
      .addIntegerOption((o) => o.setName('quantity').setDescription('New total units').setMinValue(1))
      .addNumberOption((o) =>
        o.setName('price').setDescription('New limit price in rupees').setMinValue(0.01),
      )
      .addNumberOption((o) =>
        o.setName('trigger_price').setDescription('New stop-loss trigger in rupees').setMinValue(0.01),
      )
      .addStringOption((o) =>
        o
          .setName('price_type')
          .setDescription('New price type (unchanged unless given)')
          .setChoices(...PRICE_TYPES.map((t) => ({ name: t, value: t }))),
      ),
  ),
  prepare(i, ctx) {
    const orderNumber = typedOrderNumber(i.options.getString('order_number', true));
    const quantity = i.options.getInteger('quantity') ?? undefined;
    const price = i.options.getNumber('price') ?? undefined;
    const trigger = i.options.getNumber('trigger_price') ?? undefined;
    const priceType = (i.options.getString('price_type') ?? undefined) as PriceType | undefined;
    return () =>
      submitForApproval(ctx, {
        kind: 'modify',
        modify: {
          orderNumber,
          ...(quantity === undefined ? {} : { quantity }),
          ...(price === undefined ? {} : { price }),
          ...(trigger === undefined ? {} : { triggerPrice: trigger }),
          ...(priceType === undefined ? {} : { priceType }),
        },
      });
  },
  autocomplete: (i, ctx) => workingOrderChoices(ctx, i.options.getFocused()),
};
