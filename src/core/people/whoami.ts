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

/**
 * What this omsdesk offers for deciding, whatever the roles say: a role's right is promised only where it
 * can be used. Another person's ticket is approved, and trading halted, only on the Discord desk.
 */
export interface DecisionPaths {
  /** Orders can be placed at all (not read-only). */
  readonly trading: boolean;
  /** A Discord desk with an approvals channel runs in this omsdesk: approvers decide on its cards. */
  readonly approvals: boolean;
  /** A Discord desk runs with this omsdesk: `/halt` and `/resume`. */
  readonly halts: boolean;
  /** `OMSDESK_DISCORD_FOUR_EYES`: a requester never approves their own ticket. */
  readonly fourEyes: boolean;
}

/** What `whoami` tells a person: who they are, what their role lets them do here, their own caps. */
export interface WhoAmI {
  readonly id: string;
  readonly role: Role;
  readonly discord?: string;
  /** What the role allows here, in words. */
  readonly may: readonly string[];
  /** What the role would allow that this omsdesk offers no way to do, each with why. */
  readonly notHere: readonly string[];
  readonly caps: PersonCaps;
}

const NO_CARDS =
  'no Discord approvals channel runs in this omsdesk (omsdesk serve with the Discord desk has one)';
const NO_DESK =
  'they are Discord commands (/halt, /resume), and no Discord desk with an approvals channel runs with this omsdesk (omsdesk serve with DISCORD_TOKEN runs one)';

/** The facts `whoami` and `/whoami` show for a person, where `paths` are this omsdesk's. */
export function whoami(person: Person, paths: DecisionPaths): WhoAmI {
  const may = ['read the account, the market and the order books'];
  const notHere: string[] = [];
  if (canRequest(person)) {
    if (!paths.trading) notHere.push('ask for orders: omsdesk is read-only (OMSDESK_READ_ONLY)');
    else if (paths.fourEyes && !paths.approvals) {
      notHere.push(
        `ask for orders: four-eyes (OMSDESK_DISCORD_FOUR_EYES) needs another approver, and ${NO_CARDS}`,
      );
    } else may.push('ask for orders');
  }
  if (canApprove(person)) {
    if (paths.trading && paths.approvals) may.push('approve other people’s orders on their Discord cards');
    else if (paths.trading) notHere.push(`approve other people’s orders: ${NO_CARDS}`);
  }
  if (canHalt(person)) {
    if (paths.halts) may.push('halt and resume trading (/halt, /resume)');
    else notHere.push(`halt and resume trading: ${NO_DESK}`);
  }
  return {
    id: person.id,
    role: person.role,
    ...(person.discord === undefined ? {} : { discord: person.discord }),
    may,
    notHere,
    caps: personCaps(person),
  };
}

/** `whoami` as lines of text; `usage` (today's, from the gate) is shown when given. */
export function whoamiLines(person: Person, paths: DecisionPaths, usage?: DailyUsage): string[] {
  const w = whoami(person, paths);
  const caps = [
    w.caps.maxDailyOrders === undefined ? undefined : `${showCount(w.caps.maxDailyOrders)} orders`,
    w.caps.maxDailyValue === undefined ? undefined : showRupees(w.caps.maxDailyValue),
  ].filter((c) => c !== undefined);
  return [
    `You are ${w.id} (${w.role}).`,
    `You may ${w.may.join('; ')}.`,
    ...w.notHere.map((what) => `Your role would let you ${what}.`),
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
