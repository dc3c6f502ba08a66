import { randomBytes } from 'node:crypto';
import type { Ticket } from '../../core/gate/index.js';
import type { Person } from '../../core/people/index.js';
import type { WebDeskDeps } from './deps.js';
import type { MarketNow } from './market-now.js';
import type { WebSession } from './sessions.js';
import {
  decider,
  haltSection,
  ordersSection,
  outcomeSection,
  ticketCard,
  type Viewer,
  waitingSection,
} from './views.js';

/** The parts of the desk a live update replaces, by element id. */
export type Fragments = Record<string, string>;

/** A viewer of a session: its person as checked now, its token, fresh form ids. */
export function viewerOf(session: WebSession, person: Person): Viewer {
  return { person, csrf: session.csrf, formId: () => randomBytes(12).toString('base64url') };
}

/**
 * Renders what a person sees, from memory only (the gate's tickets, the watcher's orders, the prices the
 * market cache holds): `fresh` reads stale prices first, for a page; a live update never calls the broker.
 */
export class DeskFragments {
  readonly #deps: WebDeskDeps;
  readonly #market: MarketNow;

  constructor(deps: WebDeskDeps, market: MarketNow) {
    this.#deps = deps;
    this.#market = market;
  }

  /** The tickets waiting for a decision (every path), newest first. */
  waiting(): Ticket[] {
    return this.#deps.gate.list().filter((t) => t.status === 'PENDING');
  }

  async desk(viewer: Viewer, fresh: boolean): Promise<Fragments> {
    const waiting = this.waiting();
    const refs = waiting.flatMap((t) => t.legs.map((l) => l.instrument));
    const prices = fresh ? await this.#market.prices(refs) : this.#market.known(refs);
    const cards = await Promise.all(
      waiting.map(async (t) => {
        const asked = t.requestedBy.person;
        const requester = asked === undefined ? undefined : await this.#deps.people.byId(asked);
        const usage = asked === undefined ? undefined : this.#deps.gate.usageOf(asked);
        return ticketCard(t, viewer, prices, { person: requester, usage }, this.#deps.fourEyes);
      }),
    );
    return {
      halt: haltSection(this.#deps.gate.killSwitch.state(), viewer, this.#deps.haltCancels === true),
      waiting: waitingSection(cards),
      orders: ordersSection(this.#deps.orders.orders()),
    };
  }

  /** One ticket's state and, while its viewer may decide it, its buttons. */
  async ticket(ticket: Ticket, viewer: Viewer, fresh: boolean): Promise<Fragments> {
    const live = this.#deps.gate.get(ticket.id) ?? ticket;
    const refs = live.legs.map((l) => l.instrument);
    const prices = fresh ? await this.#market.prices(refs) : this.#market.known(refs);
    const asked = live.requestedBy.person;
    const card =
      decider(live, viewer.person, this.#deps.fourEyes) === undefined && live.status !== 'PENDING'
        ? ''
        : ticketCard(
            live,
            viewer,
            prices,
            {
              person: asked === undefined ? undefined : await this.#deps.people.byId(asked),
              usage: asked === undefined ? undefined : this.#deps.gate.usageOf(asked),
            },
            this.#deps.fourEyes,
          );
    return { outcome: outcomeSection(live), decide: card };
  }
}
