import { placeThroughGate } from '../confirm/place.js';
import { orderInputShape, toOrderInput } from '../schemas/order-input.js';
import { ticketOut } from '../schemas/ticket.js';
import { defineTool, PLACE } from '../tool.js';

/** What every placement description says about confirmation. */
export const CONFIRMATION_NOTE =
  'Nothing is sent until a human confirms: in the confirmation form, in Discord, or (where enabled) by telling you to call confirm_order. The order is first previewed into a ticket: resolved, checked (tick, lot, circuit band, caps, hours, kill switch), valued, margined.';

/** `place_order`: one order, previewed and placed only after a human confirms it. */
export const placeOrderTool = defineTool({
  name: 'place_order',
  title: 'Place order',
  description: `Places one buy or sell order. ${CONFIRMATION_NOTE} Answers the ticket: its status, every failed check, the order number, the broker's reason if rejected, the margin.`,
  annotations: PLACE,
  input: orderInputShape,
  output: ticketOut,
  handler: (args, ctx) => placeThroughGate(ctx, { kind: 'single', order: toOrderInput(args) }),
});
