import type { Ending } from '../people/directory.js';
import type { OrderGate } from './order-gate.js';

/** Where ended credentials are heard of (the people directory). */
export interface CredentialEndings {
  onEnded(listener: (ending: Ending) => void): () => void;
}

/**
 * Declines the waiting tickets of every token revoked and every person removed from the people file, as
 * soon as the directory sees it (its cards then say why); returns the unsubscribe.
 */
export function withdrawWhenEnded(gate: Pick<OrderGate, 'withdraw'>, people: CredentialEndings): () => void {
  return people.onEnded((ending) => {
    const asked = ending.kind === 'token' ? { credential: ending.tokenId } : { person: ending.person };
    void gate.withdraw(asked, ending.reason);
  });
}
