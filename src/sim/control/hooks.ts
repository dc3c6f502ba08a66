import type { ServerResponse } from 'node:http';
import type { DispatchHooks, RequestInfo } from '../http/server.js';
import type { FaultPlan, FaultSpec } from './faults.js';
import type { SimRateLimits } from './rate-limits.js';

/**
 * Injected faults and rate limits around every spec route; `after` learns of state changes. Only an
 * injected latency or hold makes `before` wait; without one it answers in the same tick.
 */
export function controlHooks(faults: FaultPlan, limits: SimRateLimits, after?: () => void): DispatchHooks {
  const outcomes = new WeakMap<RequestInfo, FaultSpec>();
  const decide = (info: RequestInfo, res: ServerResponse, outcome: FaultSpec | undefined) => {
    const replaced = faults.replaceReply(outcome, res);
    if (replaced) return replaced;
    if (outcome) outcomes.set(info, outcome);
    return limits.check(info);
  };
  return {
    before(info, res) {
      const { latencyMs, hold, outcome } = faults.take(info.path);
      if (hold) return faults.hold().then(() => decide(info, res, outcome));
      if (latencyMs > 0) return faults.sleep(latencyMs).then(() => decide(info, res, outcome));
      return decide(info, res, outcome);
    },
    deliver: (info, reply, res) => faults.deliver(outcomes.get(info), reply, res),
    ...(after ? { after } : {}),
  };
}
