import { ENDPOINTS, OPTION_TYPES, type OptionType, SESSION } from '../../core/vocabulary/index.js';
import { optionGreeksRequest } from '../../core/wire/index.js';
import { money, parseExpiryDay, timeFirst } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { positiveNumber, validateBody } from '../http/validate.js';
import { blackScholes, YEAR_MS } from '../market/index.js';
import type { Route } from '../runtime.js';

const EXPIRY_TIME_MS = SESSION.closeMinute * 60_000; // contracts expire at the session's close

function greekFields(prefix: 'cal' | 'put', g: ReturnType<typeof blackScholes>): Record<string, string> {
  return {
    [`${prefix}_price`]: money(g.price, 2),
    [`${prefix}_delta`]: money(g.delta, 4),
    [`${prefix}_gamma`]: money(g.gamma, 6),
    [`${prefix}_theta`]: money(g.theta, 4),
    [`${prefix}_rho`]: money(g.rho, 4),
    [`${prefix}_vego`]: money(g.vega, 4),
  };
}

/**
 * `/apiV2/optionGreek`: Black-Scholes price and greeks of the call and the put from the request's inputs
 * (rate and volatility in percent; theta per day, vega per volatility point, rho per rate point).
 */
export const optionGreeksRoute: Route = {
  path: ENDPOINTS.optionGreeks.path,
  form: 'v2Time',
  session: false,
  handle(ctx) {
    const body = validateBody(optionGreeksRequest, ctx.body);
    const expiryDay = parseExpiryDay(body.expiryDate);
    if (Number.isNaN(expiryDay) || !/^\d{1,2}-[A-Za-z]{3}-\d{4}$/.test(body.expiryDate.trim())) {
      throw new SimFailure(
        `Invalid Input : expiryDate must be DD-MMM-YYYY, got "${body.expiryDate.slice(0, 20)}"`,
      );
    }
    const years = (expiryDay + EXPIRY_TIME_MS - ctx.now) / YEAR_MS;
    if (years <= 0) throw new SimFailure(`Invalid Input : expiryDate ${body.expiryDate} has already expired`);
    const optionType = body.optionType.trim().toUpperCase();
    if (!(OPTION_TYPES as readonly string[]).includes(optionType)) {
      throw new SimFailure('Invalid Input : optionType must be CE or PE');
    }
    const rate = Number(body.initRate);
    if (body.initRate.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 100) {
      throw new SimFailure('Invalid Input : initRate must be a percentage from 0 to 100');
    }
    const inputs = {
      spot: positiveNumber(body.spotPrice, 'spotPrice'),
      strike: positiveNumber(body.strikePrice, 'strikePrice'),
      timeToExpiry: years,
      rate: rate / 100,
      volatility: positiveNumber(body.volatility, 'volatility') / 100,
    };
    const call = blackScholes({ ...inputs, type: 'CE' as OptionType });
    const put = blackScholes({ ...inputs, type: 'PE' as OptionType });
    return {
      Status: 'Success',
      data: {
        stat: 'OK',
        request_time: timeFirst(ctx.now),
        ...greekFields('cal', call),
        ...greekFields('put', put),
      },
    };
  },
};
