import type { Product, RejectingParty } from '../../core/vocabulary/index.js';
import { money } from '../format.js';
import type { SimInstrument } from '../market/types.js';

/** A rejection: the party that refused and the reason text the client reads numbers from. */
export interface Rejection {
  readonly party: RejectingParty;
  readonly text: string;
}

const PRODUCT_NAMES: Record<Product, string> = { C: 'Delivery', M: 'Regular', I: 'Intraday' };
const client = (accountId: string): string => `C-${accountId}`;
const where = (i: SimInstrument): string => `${i.exchange}.${i.tradingSymbol}`;

/** A price as the reasons print it: two decimals, or every decimal it has when it has more. */
export function priceText(price: number): string {
  const paise = price * 100;
  return Math.abs(paise - Math.round(paise)) < 1e-6 ? money(price, 2) : String(price);
}

const ora = (text: string): Rejection => ({ party: 'ORA', text: `ORA:${text}` });
const red = (text: string): Rejection => ({ party: 'RED', text: `RED:${text}` });

/** The OMS's texts for each risk check, in the forms the client parses (numbers included). */
export const REASONS = {
  marketClosed: (exchange: string) => ora(`Market is closed for ${exchange}`),
  notTradable: (i: SimInstrument) => ora(`Instrument not tradable: ${where(i)}`),
  productNotEnabled: (product: Product, exchange: string) =>
    ora(`Product ${PRODUCT_NAMES[product]} not enabled on exchange ${exchange}`),
  priceTick: (price: number, tick: number) =>
    ora(`Price not multiple of tick size:Price:${priceText(price)} TickSize:${money(tick)}`),
  triggerTick: (trigger: number, tick: number) =>
    ora(`Trigger price not multiple of tick size:TriggerPrice:${priceText(trigger)} TickSize:${money(tick)}`),
  lotSize: (quantity: number, lot: number) =>
    ora(`Quantity not multiple of lot size:Quantity:${quantity} LotSize:${lot}`),
  freeze: (set: number, current: number, accountId: string) =>
    red(`Freeze qty Set:${set} Current:${current} for ${client(accountId)}`),
  circuit: (current: number, lower: number, upper: number, i: SimInstrument, accountId: string) =>
    red(
      `RULE:{Check circuit limit including square off order}Current:INR ${money(current)} ` +
        `LowerCircuit:INR ${money(lower)} UpperCircuit:INR ${money(upper)}:${where(i)} for ${client(accountId)} [RISK2]`,
    ),
  holdings: (required: number, available: number, i: SimInstrument, accountId: string) =>
    red(
      `Insufficient holdings:Required:${required} Available:${available} for ${where(i)} for ${client(accountId)} [RISK2]`,
    ),
  margin: (shortfall: number, available: number, accountId: string) =>
    red(
      `Margin Shortfall:INR ${money(shortfall)} Available:INR ${money(available)} for ${client(accountId)} [RISK2]`,
    ),
};
