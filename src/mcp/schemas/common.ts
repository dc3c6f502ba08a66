import { z } from 'zod';
import type { Rejection } from '../../core/domain/rejection.js';
import { cleanExternal } from '../untrusted.js';

/** Outside text for structured results: cleaned, bounded, undefined when empty. */
export function external(text: string | undefined, max?: number): string | undefined {
  if (text === undefined) return undefined;
  const clean = cleanExternal(text, max);
  return clean === '' ? undefined : clean;
}

/** A rejection read into its parts, the reason kept as the broker wrote it. */
export const rejectionOut = z
  .object({
    party: z.string(),
    kind: z.string(),
    reason: z.string(),
  })
  // An id makes a schema that repeats within one tool's schema (order, events, ticket) a shared definition.
  .meta({ id: 'Rejection' });

/** The result view of a rejection. */
export function rejectionOf(r: Pick<Rejection, 'party' | 'kind' | 'text'>): z.input<typeof rejectionOut> {
  return { party: r.party, kind: r.kind, reason: cleanExternal(r.text) };
}
