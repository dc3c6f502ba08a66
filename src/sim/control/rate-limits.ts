import { ENDPOINTS, RATE_LIMITS, type RateCategory } from '../../core/vocabulary/index.js';
import type { Reply } from '../http/reply.js';
import type { RequestInfo } from '../http/server.js';

const CATEGORY_BY_PATH = new Map<string, RateCategory>(Object.values(ENDPOINTS).map((e) => [e.path, e.rate]));

/**
 * The real service's per-user limits (quotes 3/s, candles 3/s, others 10/s, orders 200/min) as sliding
 * windows; an excess request is answered 429 with `API_RATE_LIMIT` and `Retry-After`, as newer versions do.
 */
export class SimRateLimits {
  readonly #windows = new Map<string, number[]>();
  enabled: boolean;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  /** A 429 reply when this request exceeds its user's limit, else undefined (and the request counts). */
  check(info: RequestInfo): Reply | undefined {
    if (!this.enabled) return undefined;
    const category = info.route.rate ?? CATEGORY_BY_PATH.get(info.path) ?? 'others';
    const { limit, windowMs } = RATE_LIMITS[category];
    const user =
      info.session?.userId ?? (typeof info.body.userId === 'string' ? info.body.userId : 'anonymous');
    const key = `${user}|${category}`;
    const stamps = (this.#windows.get(key) ?? []).filter((t) => t > info.now - windowMs);
    if (stamps.length >= limit) {
      this.#windows.set(key, stamps);
      const waitMs = (stamps[0] ?? info.now) + windowMs - info.now;
      return rateLimited(category, limit, windowMs, waitMs);
    }
    stamps.push(info.now);
    this.#windows.set(key, stamps);
    return undefined;
  }
}

function rateLimited(category: RateCategory, limit: number, windowMs: number, waitMs: number): Reply {
  const per = windowMs >= 60_000 ? 'minute' : 'second';
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfter) },
    body: {
      status: 'Failed',
      code: '429',
      name: 'API_RATE_LIMIT',
      error: {
        message: `Rate limit exceeded: at most ${limit} ${category} requests per ${per}; retry after ${retryAfter} s`,
      },
    },
  };
}
