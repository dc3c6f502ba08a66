import type { Session } from '../session/store.js';
import { toIstIso } from '../time/ist.js';

/** Who is logged in and what the account may do; the session key itself stays inside the client. */
export interface SessionInfo {
  readonly userId: string;
  readonly accountId: string;
  readonly userName: string;
  readonly email: string | undefined;
  readonly exchanges: readonly string[];
  readonly orderTypes: readonly string[];
  readonly generation: 'v1' | 'v2';
  /** When the session was created (ISO 8601, +05:30). */
  readonly loggedInAt: string;
  /** The login answer, session key redacted. */
  readonly raw: unknown;
}

/** The public view of a session. */
export function sessionInfo(session: Session): SessionInfo {
  return {
    userId: session.userId,
    accountId: session.accountId,
    userName: session.userName,
    email: session.email,
    exchanges: session.exchanges,
    orderTypes: session.orderTypes,
    generation: session.generation,
    loggedInAt: toIstIso(session.createdAt),
    raw: session.raw,
  };
}
