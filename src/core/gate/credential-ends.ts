import type { Ending } from '../people/directory.js';
import type { OrderGate } from './order-gate.js';

/** Where ended credentials are heard of (the people directory), and whether a credential still counts. */
export interface CredentialEndings {
  onEnded(listener: (ending: Ending) => void): () => void;
  /** A personal token's id or a sign-in grant's credential (`grant:<id>`). */
  credentialActive(id: string): boolean;
}

/**
 * Declines the waiting tickets of every token revoked, sign-in grant ended and person removed from the people file, as
 * soon as the directory sees it (its cards then say why), and at once those the last process left waiting
 * whose token ended while no server ran; returns the unsubscribe.
 */
export function withdrawWhenEnded(
  gate: Pick<OrderGate, 'withdraw' | 'carriedOver'>,
  people: CredentialEndings,
): () => void {
  for (const ticket of gate.carriedOver()) {
    const { credential } = ticket.requestedBy;
    if (ticket.status !== 'PENDING' || credential === undefined || people.credentialActive(credential))
      continue;
    void gate.withdraw(
      { credential },
      `${credential.startsWith('grant:') ? 'sign-in ' : 'token '}${credential}, which asked for it, ended while omsdesk was stopped`,
    );
  }
  return people.onEnded((ending) => {
    const asked = ending.kind === 'token' ? { credential: ending.tokenId } : { person: ending.person };
    void gate.withdraw(asked, ending.reason);
  });
}
