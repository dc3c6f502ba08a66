import type { Actor } from '../audit/index.js';
import { canApprove, canRequest, type Person } from '../people/person.js';
import { byApprover } from './decision-source.js';
import type { DecisionSource, Ticket } from './types.js';

/** The people file as the gate reads it where a promise is kept, and the desk's four-eyes rule. */
export interface GatePeople {
  /** The person as the people file said at its last reading (synchronous, so it is read at the moment kept). */
  person(id: string): Person | undefined;
  /** A ticket's requester may never approve it, whichever way they came in (`OMSDESK_DISCORD_FOUR_EYES`). */
  readonly fourEyes: boolean;
}

/** True when the deciding person is the one who asked for the ticket. */
export function isOwnTicket(ticket: Ticket, actor: Actor): boolean {
  return actor.person !== undefined && ticket.requestedBy.person === actor.person;
}

/**
 * Why this person may not make this decision, or undefined when they may. Only a human's decision made
 * through an adapter (`via`) is judged, by person and by role as the people file says now: on a Discord
 * card only approvers decide, never on their own tickets under four-eyes; in an assistant's confirmation
 * (form, round or `confirm_order`) only the requester decides their own ticket, and approves it only
 * while four-eyes is off and their role still lets them place orders.
 */
export function personRefusal(
  ticket: Ticket,
  actor: Actor,
  decision: 'approve' | 'decline',
  via: DecisionSource | undefined,
  people: GatePeople | undefined,
): string | undefined {
  if (people === undefined || via === undefined) return undefined;
  const who = actor.person === undefined ? undefined : people.person(actor.person);
  if (who === undefined) {
    return `${actor.person ?? 'whoever decided'} is not in the people file, so may not decide ticket ${ticket.id}`;
  }
  const own = isOwnTicket(ticket, actor);
  const asked = ticket.requestedBy.person;
  if (decision === 'approve' && asked !== undefined && !own) {
    // The requester's standing is read now too: a removed or demoted requester's ticket is not placed.
    const requester = people.person(asked);
    if (requester === undefined || !canRequest(requester)) {
      return `${asked}, who asked for ticket ${ticket.id}, may no longer place orders (the people file changed)`;
    }
  }
  if (!byApprover(ticket, via)) {
    if (!own) {
      return `ticket ${ticket.id} was asked for by ${asked ?? 'someone else'}: only they confirm it, in their own assistant`;
    }
    if (decision === 'decline') return undefined;
    if (!canRequest(who)) return `${who.id} is a ${who.role} now, and a ${who.role} may not place orders`;
    if (people.fourEyes) {
      return `four-eyes: ${who.id} asked for ticket ${ticket.id}, so another approver must decide it on its card`;
    }
    return undefined;
  }
  if (!canApprove(who)) {
    return `${who.id} is a ${who.role}, not an approver: only approvers decide tickets ${via.path === 'web' ? 'on the web desk' : 'on their cards'}`;
  }
  if (own && people.fourEyes) {
    return `four-eyes: ${who.id} asked for ticket ${ticket.id}, so another approver must decide it`;
  }
  return undefined;
}
