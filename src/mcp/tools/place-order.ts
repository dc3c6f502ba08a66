import { placeThroughGate } from '../confirm/place.js';
import { orderInputShape, toOrderInput } from '../schemas/order-input.js';
import { answerOut } from '../schemas/ticket.js';
import { defineTool, PLACE } from '../tool.js';

/** What every placement description says about confirmation. */
export const CONFIRMATION_NOTE = 'Previewed into a checked ticket; sent only once a human confirms it.';

/** `place_order`: one order, previewed and placed only after a human confirms it. */
export const placeOrderTool = defineTool({
  name: 'place_order',
  title: 'Place order',
  description: `One buy or sell order. ${CONFIRMATION_NOTE}`,
  annotations: PLACE,
  card: 'linked',
  input: orderInputShape,
  output: answerOut,
  handler: (args, ctx) => placeThroughGate(ctx, { kind: 'single', order: toOrderInput(args) }),
});
