/** Exchange segments the spec names. */
export const EXCHANGES = ['NSE', 'BSE', 'NFO'] as const;
export type Exchange = (typeof EXCHANGES)[number];

/** Products: C cash and carry (delivery), M F&O normal (carry forward), I intraday. */
export const PRODUCTS = ['C', 'M', 'I'] as const;
export type Product = (typeof PRODUCTS)[number];

/** What people call each product. */
export const PRODUCT_NAMES: Readonly<Record<Product, string>> = {
  C: 'delivery',
  M: 'carry-forward',
  I: 'intraday',
};

/** The products with their names, as a description lists them: `C delivery, M carry-forward, I intraday`. */
export const PRODUCTS_IN_WORDS = PRODUCTS.map((p) => `${p} ${PRODUCT_NAMES[p]}`).join(', ');

/** Transaction types: B buy, S sell. */
export const SIDES = ['B', 'S'] as const;
export type Side = (typeof SIDES)[number];

/** Price types. */
export const PRICE_TYPES = ['LMT', 'MKT', 'SL-LMT', 'SL-MKT'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

/** True for the price types that take a limit price: LMT and SL-LMT. */
export const takesLimitPrice = (type: string): boolean => type === 'LMT' || type === 'SL-LMT';

/** True for the stop-loss price types, which take a trigger: SL-LMT and SL-MKT. */
export const takesTrigger = (type: string): boolean => type === 'SL-LMT' || type === 'SL-MKT';

/** Order retention (validity). */
export const RETENTIONS = ['DAY', 'EOS', 'IOC'] as const;
export type Retention = (typeof RETENTIONS)[number];

/** The retention of an order that names none. */
export const DEFAULT_RETENTION: Retention = 'DAY';

/** Derivative instrument kinds, as the span calculator names them. */
export const DERIVATIVE_KINDS = ['FUTSTK', 'FUTIDX', 'OPTSTK', 'OPTIDX'] as const;
export type DerivativeKind = (typeof DERIVATIVE_KINDS)[number];

/** Every instrument kind in the master: cash equity, index, and the derivative kinds. */
export const INSTRUMENT_KINDS = ['EQ', 'INDEX', ...DERIVATIVE_KINDS] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

/** Option types. */
export const OPTION_TYPES = ['CE', 'PE'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

/** Order statuses the OMS reports (the OMS spells CANCELED with one L; CANCELLED also occurs). */
export const ORDER_STATUSES = [
  'PENDING',
  'OPEN',
  'TRIGGER_PENDING',
  'COMPLETE',
  'REJECTED',
  'CANCELED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Report types on order-history entries, in the order they occur. */
export const REPORT_TYPES = [
  'NewAck',
  'PendingNew',
  'New',
  'Fill',
  'Rejected',
  'CanAck',
  'PendingCancel',
  'Canceled',
  'ModAck',
  'PendingReplace',
  'Replaced',
  'CancelRejected',
  'ReplaceRejected',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Candle intervals: minutes, and `D` for daily. */
export const CANDLE_INTERVALS = ['1', '3', '5', '10', '15', '30', '60', '120', '240', 'D'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** Parties that prefix a rejection reason: broker risk system, OMS rules, another component. */
export const REJECTING_PARTIES = ['RED', 'ORA', 'SAF'] as const;
export type RejectingParty = (typeof REJECTING_PARTIES)[number];

/** Largest number of orders one multi-order call accepts. */
export const MAX_ORDERS_PER_MULTI = 10;

/** The exchange-time sentinel for "not yet known". */
export const UNKNOWN_EXCHANGE_TIME = '00:00:00 01-01-1980';
