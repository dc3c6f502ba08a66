import type { Actor } from '../audit/index.js';
import type { Instrument } from '../catalogue/index.js';
import type { OrderIntent, Violation } from '../checks/index.js';
import type { OrderSide } from '../domain/enums.js';
import type { Rejection } from '../domain/rejection.js';
import type { OrderRequest } from '../orders/order-request.js';
import type { Exchange, PriceType, Product, Retention } from '../vocabulary/index.js';
import type { OrderLeg } from '../wire/index.js';

/** An order as a person or a model states it; `instrument` is anything the catalogue resolves. */
export interface OrderInput {
  /** `RELIANCE`, `NSE:RELIANCE-EQ`, `2885` or `NIFTY24NOV26C24000`. */
  readonly instrument: string;
  /** Narrows the resolution to one exchange. */
  readonly exchange?: Exchange;
  readonly side: OrderSide;
  /** Units, not lots. */
  readonly quantity: number;
  readonly priceType: PriceType;
  readonly price?: number;
  readonly triggerPrice?: number;
  readonly product: Product;
  readonly retention?: Retention;
  readonly remarks?: string;
}

/** A long straddle: buy the call and the put of `symbol` at one strike and expiry. */
export interface StraddleInput {
  readonly symbol: string;
  readonly strike: number;
  /** `DDMMMYY`, `DD-MMM-YYYY` or `YYYY-MM-DD`. */
  readonly expiry: string;
  readonly product: Product;
  /** Units per leg. */
  readonly quantity: number;
  readonly remarks?: string;
}

/**
 * New terms for a working order of the account; what is left out stays as it is. `side` and
 * `instrument`, when given, must be the order's own: a modification never changes them.
 */
export interface ModifyInput {
  readonly orderNumber: string;
  /** The order's new total quantity in units. */
  readonly quantity?: number;
  readonly priceType?: PriceType;
  readonly price?: number;
  readonly triggerPrice?: number;
  readonly side?: OrderSide;
  readonly instrument?: string;
}

/** What a ticket is asked to place, or (`modify`) to change of an order already working. */
export type TicketRequest =
  | { readonly kind: 'single'; readonly order: OrderInput }
  | { readonly kind: 'multi'; readonly orders: readonly OrderInput[] }
  | { readonly kind: 'straddle'; readonly straddle: StraddleInput }
  | { readonly kind: 'modify'; readonly modify: ModifyInput };

/**
 * A ticket's life: `PENDING` until a human decides; `REFUSED` when checks fail (at preview or approval);
 * `SUBMITTING` while sent; then `PLACED`, or `UNKNOWN` until reconciled to `PLACED` or `NOT_PLACED`;
 * finally the orders' outcome (`SETTLED` when legs ended differently).
 */
export const TICKET_STATUSES = [
  'PENDING',
  'REFUSED',
  'DECLINED',
  'EXPIRED',
  'SUBMITTING',
  'PLACED',
  'UNKNOWN',
  'NOT_PLACED',
  'COMPLETE',
  'REJECTED',
  'CANCELED',
  'SETTLED',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The market as the preview (or the approval) saw it for one leg. */
export interface LegMarket {
  readonly lastPrice: number;
  readonly bestBid?: number;
  readonly bestAsk?: number;
  readonly lowerCircuit?: number;
  readonly upperCircuit?: number;
}

/** Where one leg stands at the broker once sent. */
export interface LegOutcome {
  /** `NOT_PLACED` when the broker refused it outright; `UNKNOWN` while its fate is unsettled. */
  readonly status: string;
  readonly orderNumber?: string;
  readonly filledQuantity?: number;
  readonly averagePrice?: number;
  readonly rejection?: Rejection;
  /** The broker's reason when the leg was not placed (data from outside: show, never obey). */
  readonly reason?: string;
}

/** One order of a ticket: what was resolved, checked, frozen and (later) what became of it. */
export interface TicketLeg {
  readonly instrument: Instrument;
  readonly intent: OrderIntent;
  /** The request handed to the client, tag included. */
  readonly request: OrderRequest;
  /** The exact order fields sent on the wire (the session fields are added at sending). */
  readonly wire: OrderLeg;
  readonly market: LegMarket | undefined;
  /** Rupees; market orders valued at the current price. */
  readonly value: number | undefined;
  outcome?: LegOutcome;
}

/** What the ticket would use of the account. */
export interface MarginView {
  readonly required: number | undefined;
  readonly available: number | undefined;
  readonly shortfall: number | undefined;
  /** How `required` was reached, for people. */
  readonly basis: string;
}

/**
 * How a ticket waits for its human decision: the approvers (`discord`: its card in the approvals channel,
 * and the web desk), the form the MCP client shows its person (`elicitation`), the order card an MCP App
 * host shows its person (`app`), the assistant's `confirm_order` call (`tool`), or its requester on its
 * own page of the web desk (`web`, a link).
 */
export type DecisionPath = 'discord' | 'elicitation' | 'app' | 'tool' | 'web';

/** The message that shows a ticket to its approvers (a Discord card): the only place it is decided. */
export interface CardRef {
  readonly channelId: string;
  readonly messageId: string;
}

/**
 * Where a decision comes from, checked by the gate against how the ticket waits: a click counts only on
 * the ticket's own card, and only for a ticket waiting for one; the web desk (`web`, a signed-in person's
 * browser) decides a ticket waiting for its approvers, or its requester's own ticket waiting for a link.
 */
export type DecisionSource =
  | { readonly path: 'discord'; readonly card: CardRef }
  /** The app's card names the version of the ticket it showed: a decision on another is refused. */
  | { readonly path: 'app'; readonly hash: string }
  | { readonly path: 'elicitation' | 'tool' | 'web' };

/** A request to trade, previewed and frozen, waiting for (or past) a human decision. */
export interface Ticket {
  readonly id: string;
  readonly kind: TicketRequest['kind'];
  status: TicketStatus;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly requestedBy: Actor;
  readonly legs: readonly TicketLeg[];
  /** The straddle's own wire fields; the legs then describe the two contracts it buys. */
  readonly straddle?: Readonly<Record<string, string>>;
  /** A modification: the working order it gives the leg's terms to (nothing new is placed). */
  readonly modifies?: string;
  /** SHA-256 of the frozen payload: what an approval approves. */
  readonly hash: string;
  readonly summary: string;
  readonly violations: readonly Violation[];
  readonly warnings: string[];
  readonly margin: MarginView;
  decidedBy?: Actor;
  decidedAt?: string;
  /** Why it was refused, declined or could not be placed. */
  reason?: string;
  /** How it waits for its decision, as its requester chose at preview (none: only in-process callers). */
  readonly waitsFor?: DecisionPath;
  /** Its card once posted (`waitsFor` `discord`); kept in the audit log, so it outlives a restart. */
  card?: CardRef;
}

/**
 * What became of a cancel, told truly: `cancelled` by this request; `filled`, `cancelled_before` or
 * `rejected` when the order had ended before it arrived; `failed` when the broker refused it while the
 * order still works; `unknown` when its answer was lost and the history does not show it yet.
 */
export type CancelOutcome = 'cancelled' | 'filled' | 'cancelled_before' | 'rejected' | 'failed' | 'unknown';

/** One order's cancel, as reported and audited. */
export interface CancelResult {
  readonly orderNumber: string;
  readonly outcome: CancelOutcome;
  /** In words, for people: what happened and why (the broker's text where it gave one). */
  readonly detail: string;
  readonly tradingSymbol?: string;
  readonly filledQuantity?: number;
  readonly cancelledQuantity?: number;
}

/** What a halt found under way: the tickets whose orders had passed their last look before it. */
export interface HaltReport {
  /** Those tickets once the broker answered their sending (order numbers when it gave them). */
  readonly leftBefore: readonly Ticket[];
  /** With a halt that pulls: every working order's cancel, as it ended. */
  readonly pulled?: readonly CancelResult[];
}

/**
 * What the kill file's appearance did (`OMSDESK_HALT_CANCELS`): every working order's cancel, or why the
 * book could not be read (then nothing was pulled). `actor` names the file.
 */
export type KillFilePull =
  | { readonly actor: Actor; readonly pulled: readonly CancelResult[] }
  | { readonly actor: Actor; readonly error: unknown };

/** Hears each pull of the kill file. */
export type KillFileListener = (pull: KillFilePull) => void;

/**
 * Somewhere humans approve tickets outside the MCP client (the Discord approvals channel). `post` shows
 * the ticket to approvers (and binds the card to it with `OrderGate.bindCard`); their decision comes back
 * through `OrderGate.approve`/`decline`, which whoever waits hears of through `OrderGate.onChange`.
 */
export interface ApprovalChannel {
  /** For messages: `discord`. */
  readonly name: string;
  /** Shows the ticket to the approvers; rejects when it cannot (then nothing can approve it there). */
  post(ticket: Ticket): Promise<void>;
}
