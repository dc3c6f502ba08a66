/** The roles a person may have, from least to most trusted. */
export const ROLES = ['viewer', 'trader', 'approver'] as const;

/** `viewer` reads; `trader` also requests orders; `approver` also approves others' tickets, halts and resumes. */
export type Role = (typeof ROLES)[number];

/** The shape of a person's id: lower-case letters, digits, `_` and `-`, 1 to 32 of them. */
export const PERSON_ID = /^[a-z0-9_-]{1,32}$/;

/** One person of the people file: who they are, what they may do, and their own daily caps. */
export interface Person {
  readonly id: string;
  readonly role: Role;
  /** Their Discord user id (a snowflake), when they use the Discord desk. */
  readonly discord?: string;
  /** Most orders of theirs per IST trading day, on top of the desk's cap. */
  readonly maxDailyOrders?: number;
  /** Largest total value of their orders per IST trading day, in rupees, on top of the desk's cap. */
  readonly maxDailyValue?: number;
}

/** A person's own daily caps; absent where only the desk's caps apply. */
export interface PersonCaps {
  readonly maxDailyOrders?: number;
  readonly maxDailyValue?: number;
}

const rank = (role: Role): number => ROLES.indexOf(role);

/** Whether the person may read the account, the market and the order books (everyone in the file). */
export const canRead = (person: Person): boolean => rank(person.role) >= rank('viewer');

/** Whether the person may ask for orders. */
export const canRequest = (person: Person): boolean => rank(person.role) >= rank('trader');

/** Whether the person may approve a ticket (someone else's, where four-eyes applies). */
export const canApprove = (person: Person): boolean => person.role === 'approver';

/** Whether the person may halt and resume trading. */
export const canHalt = (person: Person): boolean => person.role === 'approver';

/** The person's own caps, only those set. */
export function personCaps(person: Person): PersonCaps {
  return {
    ...(person.maxDailyOrders === undefined ? {} : { maxDailyOrders: person.maxDailyOrders }),
    ...(person.maxDailyValue === undefined ? {} : { maxDailyValue: person.maxDailyValue }),
  };
}
