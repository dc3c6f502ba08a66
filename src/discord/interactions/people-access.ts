import { canApprove, canHalt, canRequest, type Person } from '../../core/people/index.js';
import type { CommandKind } from '../command.js';

/** Told to a Discord user no person of the people file is linked to, when what they did needs one. */
export const NOT_LINKED =
  'You are not in omsdesk’s people file (no person there is linked to your Discord user id): ask whoever runs omsdesk to add you. Nothing was done.';

/**
 * With a people file: why this person (or a Discord user linked to nobody) may not run a command of this
 * kind, read from the file as it is now; undefined when they may. Reads and account views stay open to
 * the server's members, as without a people file.
 */
export function commandRefusal(kind: CommandKind, person: Person | undefined): string | undefined {
  if (kind === 'read' || kind === 'account') return undefined;
  if (person === undefined) return NOT_LINKED;
  if (kind === 'order' && !canRequest(person)) {
    return `You are ${person.id}, a ${person.role}: a ${person.role} reads, and only traders and approvers ask for orders. Nothing was done.`;
  }
  if (kind === 'control' && !canHalt(person)) {
    return `Only approvers (role approver in the people file) can halt or resume trading; you are ${person.id}, a ${person.role}. Nothing was done.`;
  }
  return undefined;
}

/** With a people file: why this person may not decide tickets on their cards, if they may not. */
export function deciderRefusal(person: Person | undefined): string | undefined {
  if (person === undefined) return NOT_LINKED;
  if (canApprove(person)) return undefined;
  return `You are ${person.id}, a ${person.role}, not an approver (role approver in the people file): the order was not confirmed or rejected, nothing changed.`;
}
