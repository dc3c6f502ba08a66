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
  /** Whether a personal token or sign-in grant (`grant:<id>`) still counts, as of the last reading (synchronous). */
  credentialActive(id: string): boolean;
  /** Reads the people file and the tokens again: done right before an order leaves. */
  refresh(): Promise<void>;
}

/**
 * Why a ticket may not be placed for its requester any more, or undefined: the personal token that asked
 * for it stopped counting (revoked, expired, its person gone), or the requester left the people file or
 * may no longer place orders. Read at the approval and again right before the orders leave.
 */
export function requesterRefusal(ticket: Ticket, people: GatePeople | undefined): string | undefined {
  if (people === undefined) return undefined;
  const gone = credentialRefusal(ticket, people);
  if (gone !== undefined) return gone;
  const asked = ticket.requestedBy.person;
  if (asked === undefined) return undefined;
  const requester = people.person(asked);
  if (requester === undefined || !canRequest(requester)) {
    return `${asked}, who asked for ticket ${ticket.id}, may no longer place orders (the people file changed)`;
  }
  return undefined;
}

/** Why the personal token that asked for a ticket no longer lets it be placed, or undefined. */
function credentialRefusal(ticket: Ticket, people: GatePeople): string | undefined {
  const { credential } = ticket.requestedBy;
  if (credential === undefined || people.credentialActive(credential)) return undefined;
  return credential.startsWith('grant:')
    ? `the sign-in ${credential} that asked for ticket ${ticket.id} was ended (revoked, or its person left the people file)`
    : `the personal token ${credential} that asked for ticket ${ticket.id} no longer counts (revoked, expired, or its person left the people file)`;
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
  if (decision === 'approve') {
    // The requester's standing is read now too: a removed or demoted requester's ticket, or one asked with
    // a revoked token, is not placed. Their own confirmation is judged below, saying what they are now.
    const standing = own ? credentialRefusal(ticket, people) : requesterRefusal(ticket, people);
    if (standing !== undefined) return standing;
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
