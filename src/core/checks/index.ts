export { showCount, showOrderPrice, showPrice, showRupees, violation } from './format.js';
export {
  checkMarketHours,
  type HoursPolicy,
  isMarketOpen,
  isTradingDay,
  nextMarketOpen,
} from './hours.js';
export { checkInstrument, checkVenue, SEGMENT_PRODUCTS } from './policy.js';
export { checkLimitPrice, checkPrices } from './prices.js';
export { checkQuantity } from './quantity.js';
export { type BasketCheckResult, type BasketLeg, checkBasket, checkOrder } from './run.js';
export { checkSwitches } from './switches.js';
export { checkTrigger } from './triggers.js';
export {
  CHECK_RULES,
  type CheckContext,
  type CheckResult,
  type CheckRule,
  type DailyUsage,
  type KillSwitchState,
  type MarketView,
  type OrderCheckInput,
  type OrderIntent,
  type TradingPolicy,
  type Violation,
} from './types.js';
export {
  type CapWords,
  checkDailyCaps,
  checkOrderCaps,
  type DailyCaps,
  marketPrice,
  orderValue,
  overDailyCaps,
} from './value.js';
