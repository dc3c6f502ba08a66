import type { DispatchHooks, RequestInfo } from '../http/server.js';
import type { FaultPlan, FaultSpec } from './faults.js';
import type { SimRateLimits } from './rate-limits.js';

/** Injected faults and rate limits around every spec route; `after` learns of state changes. */
export function controlHooks(faults: FaultPlan, limits: SimRateLimits, after?: () => void): DispatchHooks {
  const outcomes = new WeakMap<RequestInfo, FaultSpec>();
  return {
    async before(info, res) {
      const { latencyMs, outcome } = faults.take(info.path);
      if (latencyMs > 0) await faults.sleep(latencyMs);
      const replaced = faults.replaceReply(outcome, res);
      if (replaced) return replaced;
      if (outcome) outcomes.set(info, outcome);
      return limits.check(info);
    },
    deliver: (info, reply, res) => faults.deliver(outcomes.get(info), reply, res),
    ...(after ? { after } : {}),
  };
}
