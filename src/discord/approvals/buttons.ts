import { type APIActionRowComponent, type APIButtonComponent, ButtonStyle, ComponentType } from 'discord.js';
import { TICKET_ID } from '../../core/orders/ticket-id.js';

/** What a card's button does. */
export type Decision = 'confirm' | 'reject';

const TICKET_BUTTON = new RegExp(`^(confirm|reject):(${TICKET_ID.source})$`);

/** A button's custom id: the decision and the ticket id, never the order's parameters. */
export function decisionId(decision: Decision, ticketId: string): string {
  return `${decision}:${ticketId}`;
}

/** The decision and ticket of a card button's custom id, or undefined for any other id. */
export function parseDecisionId(customId: string): { decision: Decision; ticketId: string } | undefined {
  const m = TICKET_BUTTON.exec(customId);
  return m ? { decision: m[1] as Decision, ticketId: (m[2] as string).toUpperCase() } : undefined;
}

/** The card's two buttons: Confirm (success style) and Reject (danger style). */
export function decisionRow(ticketId: string): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Success,
        label: 'Confirm',
        custom_id: decisionId('confirm', ticketId),
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Danger,
        label: 'Reject',
        custom_id: decisionId('reject', ticketId),
      },
    ],
  };
}

const CANCEL_BUTTON = /^cancel-order:(\d{1,20})$/;
/** Most Cancel buttons on one card (one row). */
const MAX_CANCEL_BUTTONS = 5;

/** The order number a card's Cancel button names, or undefined for any other id. */
export function parseCancelId(customId: string): string | undefined {
  return CANCEL_BUTTON.exec(customId)?.[1];
}

/** A placed ticket's Cancel buttons, one per order still working (the gate decides who may). */
export function cancelRow(orderNumbers: readonly string[]): APIActionRowComponent<APIButtonComponent> {
  const many = orderNumbers.length > 1;
  return {
    type: ComponentType.ActionRow,
    components: orderNumbers.slice(0, MAX_CANCEL_BUTTONS).map((n) => ({
      type: ComponentType.Button,
      style: ButtonStyle.Danger,
      label: many ? `Cancel ${n}` : 'Cancel order',
      custom_id: `cancel-order:${n}`,
    })),
  };
}
