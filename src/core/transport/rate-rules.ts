import { RATE_LIMITS, type RateCategory } from '../vocabulary/index.js';
import type { RateLimit } from './rate-window.js';

/** Per-category limits; `false` turns client-side limiting off. */
export type RateLimitOptions = false | Partial<Record<RateCategory, RateLimit | false>>;

/** How much longer than the published window the client's own window is: 1/1.2, about 83 % of each rate. */
export const RATE_WINDOW_STRETCH = 1.2;

/** The client's own default limits: the published count per a stretched window, a margin inside the broker's. */
export const CLIENT_RATE_LIMITS: Readonly<Record<RateCategory, RateLimit>> = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([category, { limit, windowMs }]) => [
    category,
    { limit, windowMs: Math.ceil(windowMs * RATE_WINDOW_STRETCH) },
  ]),
) as Record<RateCategory, RateLimit>;
