import type { DailyUsage } from '../checks/index.js';
import { showCount, showRupees } from '../checks/index.js';
import {
  canApprove,
  canHalt,
  canRequest,
  type Person,
  type PersonCaps,
  personCaps,
  type Role,
} from './person.js';

/** What `whoami` tells a person: who they are, what their role lets them do, their own caps. */
export interface WhoAmI {
  readonly id: string;
  readonly role: Role;
  readonly discord?: string;
  /** What the role allows, in words. */
  readonly may: readonly string[];
  readonly caps: PersonCaps;
}

/** The facts `whoami` and `/whoami` show for a person. */
export function whoami(person: Person): WhoAmI {
  const may = ['read the account, the market and the order books'];
  if (canRequest(person)) may.push('ask for orders');
  if (canApprove(person)) may.push('approve other people’s orders');
  if (canHalt(person)) may.push('halt and resume trading');
  return {
    id: person.id,
    role: person.role,
    ...(person.discord === undefined ? {} : { discord: person.discord }),
    may,
    caps: personCaps(person),
  };
}

/** `whoami` as lines of text; `usage` (today's, from the gate) is shown when given. */
export function whoamiLines(person: Person, usage?: DailyUsage): string[] {
  const w = whoami(person);
  const caps = [
    w.caps.maxDailyOrders === undefined ? undefined : `${showCount(w.caps.maxDailyOrders)} orders`,
    w.caps.maxDailyValue === undefined ? undefined : showRupees(w.caps.maxDailyValue),
  ].filter((c) => c !== undefined);
  return [
    `You are ${w.id} (${w.role}).`,
    `You may ${w.may.join('; ')}.`,
    caps.length === 0
      ? 'Your daily caps: the desk’s only.'
      : `Your daily caps: ${caps.join(' and ')} per day, within the desk’s.`,
    ...(usage === undefined
      ? []
      : [
          `Used today: ${showCount(usage.orders)} ${usage.orders === 1 ? 'order' : 'orders'}, ${showRupees(usage.value)}.`,
        ]),
  ];
}
