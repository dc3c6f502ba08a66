import type { Instrument } from '../catalogue/index.js';
import { checkMarketHours } from './hours.js';
import { checkInstrument, checkVenue } from './policy.js';
import { checkPrices } from './prices.js';
import { checkQuantity } from './quantity.js';
import { checkSwitches } from './switches.js';
import type {
  CheckContext,
  CheckResult,
  MarketView,
  OrderCheckInput,
  OrderIntent,
  TradingPolicy,
  Violation,
} from './types.js';
import { checkDailyCaps, checkOrderCaps, orderValue } from './value.js';

/** Checks one order against every rule and returns all that it breaks (none means it may go to approval). */
export function checkOrder(input: OrderCheckInput): CheckResult {
  const leg = checkLeg(input);
  const daily = checkDailyCaps({ orders: 1, value: leg.value }, input.context.usage, input.policy);
  const violations = [...leg.violations, ...daily];
  return { ok: violations.length === 0, violations, value: leg.value };
}

/** One order of a basket. */
export interface BasketLeg {
  readonly intent: OrderIntent;
  readonly instrument: Instrument;
  readonly market?: MarketView;
}

/** The outcome of checking a basket: each leg's own violations, and the daily caps over all legs together. */
export interface BasketCheckResult {
  readonly ok: boolean;
  readonly legs: readonly CheckResult[];
  readonly basket: readonly Violation[];
  /** Sum of the legs' values; undefined when any leg cannot be valued. */
  readonly value: number | undefined;
}

/** Checks orders meant to go together: every leg alone, then the daily count and value caps for all of them. */
export function checkBasket(input: {
  readonly legs: readonly BasketLeg[];
  readonly policy: TradingPolicy;
  readonly context: CheckContext;
}): BasketCheckResult {
  const legs = input.legs.map((leg) => checkLeg({ ...leg, policy: input.policy, context: input.context }));
  const values = legs.map((l) => l.value);
  const value = values.every((v) => v !== undefined)
    ? Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100
    : undefined;
  const knownValue = values.reduce<number>((a, b) => a + (b ?? 0), 0);
  const basket = checkDailyCaps(
    { orders: legs.length, value: knownValue },
    input.context.usage,
    input.policy,
  );
  const ok = basket.length === 0 && legs.every((l) => l.ok);
  return { ok, legs, basket, value };
}

/** Every rule except the daily caps, which depend on the other orders sent with this one. */
function checkLeg(input: OrderCheckInput): CheckResult {
  const { intent, instrument, market, policy, context } = input;
  const value = orderValue(intent, market);
  const violations = [
    ...checkSwitches(policy, context.killSwitch),
    ...checkMarketHours(intent.exchange, context.now, policy),
    ...checkInstrument(intent, instrument),
    ...checkVenue(intent, policy),
    ...checkQuantity(intent, instrument),
    ...checkPrices(intent, instrument, market),
    ...checkOrderCaps(intent, value, policy),
  ];
  return { ok: violations.length === 0, violations, value };
}
