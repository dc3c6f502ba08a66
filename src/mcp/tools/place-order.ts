import { placeThroughGate } from '../confirm/place.js';
import { orderInputShape, toOrderInput } from '../schemas/order-input.js';
import { ticketOut } from '../schemas/ticket.js';
import { defineTool, PLACE } from '../tool.js';

/** What every placement description says about confirmation. */
export const CONFIRMATION_NOTE =
  'Nothing is sent until a human confirms: the person at the MCP client through a confirmation form, an approver in Discord, or (where enabled) the person telling you to call confirm_order. The order is first previewed: resolved, checked (tick, lot, circuit band, caps, market hours, kill switch), valued and margined, then frozen as a ticket.';

/** `place_order`: one order, previewed and placed only after a human confirms it. */
export const placeOrderTool = defineTool({
  name: 'place_order',
  title: 'Place order',
  description: `Places one buy or sell order. ${CONFIRMATION_NOTE} The result reports the ticket, its status (PENDING, REFUSED with every failed check, PLACED, COMPLETE, REJECTED with the broker's reason, UNKNOWN with what to do), the order number and the margin view.`,
  annotations: PLACE,
  input: orderInputShape,
  output: ticketOut,
  handler: (args, ctx) => placeThroughGate(ctx, { kind: 'single', order: toOrderInput(args) }),
});
