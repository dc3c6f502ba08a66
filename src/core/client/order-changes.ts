import type { Order, OrderHistory } from '../domain/order.js';
import { istIso } from '../domain/values.js';
import { type BrokerError, isBrokerError } from '../errors.js';
import { brokerError } from '../failures.js';
import { wireSymbol } from '../orders/order-request.js';
import { formatPrice } from '../price.js';
import {
  EXCHANGES,
  type Exchange,
  PRICE_TYPES,
  type PriceType,
  type ReportType,
  takesLimitPrice,
  takesTrigger,
} from '../vocabulary/index.js';
import { orderChangeSuccess } from '../wire/index.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import { okValue, request } from './request.js';
import { assertValid } from './validate.js';

/** New terms for a working order: its instrument (which cannot change) and what may. */
export interface OrderModification {
  readonly orderNumber: string;
  readonly exchange: Exchange;
  readonly tradingSymbol: string;
  /** The order's new total quantity in units (above what has filled). */
  readonly quantity: number;
  readonly priceType: PriceType;
  /** Rupees; for LMT and SL-LMT. */
  readonly price?: number;
  /** Rupees; for SL-LMT and SL-MKT. */
  readonly triggerPrice?: number;
  /** Decimals of the instrument's prices; default 2. */
  readonly pricePrecision?: number;
}

/** A cancel or modification the broker took. */
export interface OrderChanged {
  readonly orderNumber: string;
  readonly requestTime: string | undefined;
  /** `answer`: the broker said so; `history`: its answer was lost and the order's history showed the change. */
  readonly settledBy: 'answer' | 'history';
  readonly raw: unknown;
}

const where = (e: BrokerError) => (e.endpoint === undefined ? {} : { endpoint: e.endpoint });
const ORDER_NUMBER = /^[0-9A-Za-z-]{1,32}$/;
/** Reads of the history after an ambiguous answer, and the pause between them. */
const SETTLE_READS = 3;
const SETTLE_PAUSE_MS = 1_000;

const CHANGE_REPORTS: Readonly<
  Record<'cancel' | 'modify', { done: readonly ReportType[]; refused: ReportType }>
> = {
  cancel: { done: ['CanAck', 'PendingCancel', 'Canceled'], refused: 'CancelRejected' },
  modify: { done: ['Replaced'], refused: 'ReplaceRejected' },
};

function orderNumberProblems(orderNumber: unknown): string[] {
  return typeof orderNumber === 'string' && ORDER_NUMBER.test(orderNumber)
    ? []
    : ['orderNumber must be the order number the broker gave (1-32 letters or digits)'];
}

function modificationProblems(m: OrderModification): string[] {
  const problems = orderNumberProblems(m.orderNumber);
  if (!(EXCHANGES as readonly string[]).includes(m.exchange))
    problems.push(`exchange must be one of ${EXCHANGES.join(', ')}`);
  if (typeof m.tradingSymbol !== 'string' || m.tradingSymbol.trim() === '')
    problems.push('tradingSymbol is required');
  if (!Number.isSafeInteger(m.quantity) || m.quantity <= 0)
    problems.push(`quantity must be a positive whole number of units (got ${m.quantity})`);
  if (!(PRICE_TYPES as readonly string[]).includes(m.priceType))
    problems.push(`priceType must be one of ${PRICE_TYPES.join(', ')}`);
  const positive = (name: string, value: number | undefined) => {
    if (value === undefined || !Number.isFinite(value) || value <= 0)
      problems.push(`${name} must be a positive price for ${m.priceType}`);
  };
  if (takesLimitPrice(m.priceType)) positive('price', m.price);
  if (takesTrigger(m.priceType)) positive('triggerPrice', m.triggerPrice);
  return problems;
}

/** The broker's text on a history entry (a refused change writes its reason there). */
function entryText(o: Order): string {
  const raw = (o.raw ?? {}) as Record<string, unknown>;
  const text = raw.rejectReason ?? raw.rejreason;
  return typeof text === 'string' ? text : '';
}

/** True when the entry was written at or after the second the request left (the OMS writes whole seconds). */
function after(o: Order, sentAt: number): boolean {
  const at = o.updatedAt === undefined ? Number.NaN : Date.parse(o.updatedAt);
  return at >= Math.floor(sentAt / 1000) * 1000;
}

/** Which of the order's history entries answers a change sent at `sentAt`, if any. */
function answerIn(
  history: OrderHistory,
  kind: 'cancel' | 'modify',
  sentAt: number,
  matches: (o: Order) => boolean,
): { readonly done: Order } | { readonly refused: Order } | undefined {
  const reports = CHANGE_REPORTS[kind];
  for (const o of history.events) {
    if (!after(o, sentAt)) break;
    if (o.reportType === reports.refused) return { refused: o };
    if ((reports.done as readonly string[]).includes(o.reportType ?? '') && matches(o)) return { done: o };
  }
  return undefined;
}

/** Changing working orders: cancel and modify (the vendor SDK's endpoints). Never retried. */
export function orderChangeMethods(
  ctx: ClientContext,
  reads: { getOrderHistory(orderNumber: string, call?: CallOptions): Promise<OrderHistory> },
) {
  /**
   * Settles a change whose answer was lost from the order's history: its change or refusal written
   * since it was sent. Nothing found is still unknown: never a reason to send it again blindly.
   */
  async function settle(
    kind: 'cancel' | 'modify',
    label: string,
    orderNumber: string,
    sentAt: number,
    cause: BrokerError,
    matches: (o: Order) => boolean,
  ): Promise<OrderChanged> {
    for (let i = 0; i < SETTLE_READS; i++) {
      if (i > 0) await ctx.clock.sleep(SETTLE_PAUSE_MS);
      let history: OrderHistory;
      try {
        history = await reads.getOrderHistory(orderNumber, { lane: 'placement' });
      } catch {
        continue;
      }
      const found = answerIn(history, kind, sentAt, matches);
      if (found && 'done' in found)
        return { orderNumber, requestTime: found.done.updatedAt, settledBy: 'history', raw: found.done.raw };
      if (found && 'refused' in found)
        throw brokerError('BROKER_ERROR', { label, brokerText: entryText(found.refused), ...where(cause) });
      if (kind === 'cancel' && ['COMPLETE', 'REJECTED', 'CANCELED'].includes(history.current.status)) {
        // The order is finished: whatever became of the request, there is nothing left to cancel.
        throw brokerError('BROKER_ERROR', {
          label,
          note: `the order is ${history.current.status}; nothing is left to cancel`,
          ...where(cause),
        });
      }
    }
    throw brokerError('OUTCOME_UNKNOWN', {
      label,
      ...where(cause),
      note: `Its answer was lost and the order's history shows no answer to it yet; read the history of ${orderNumber} before sending it again`,
      cause,
    });
  }

  async function change(
    kind: 'cancel' | 'modify',
    label: string,
    orderNumber: string,
    fields: object,
    call: CallOptions | undefined,
    matches: (o: Order) => boolean,
  ): Promise<OrderChanged> {
    const sentAt = ctx.clock.now();
    try {
      return await request(ctx, {
        endpoint: kind === 'cancel' ? 'cancelOrder' : 'modifyOrder',
        label,
        schema: orderChangeSuccess,
        call,
        fields,
        map: (d) => {
          const body = okValue(d);
          return {
            orderNumber: body.data.orderNumber,
            requestTime: istIso(body.data.requestTime),
            settledBy: 'answer' as const,
            raw: d.raw,
          };
        },
      });
    } catch (error) {
      if (!isBrokerError(error) || error.code !== 'OUTCOME_UNKNOWN') throw error;
      return settle(kind, label, orderNumber, sentAt, error, matches);
    }
  }

  return {
    /** Cancels what is left of a working order; refused by the broker for any other order. */
    cancelOrder(orderNumber: string, call?: CallOptions): Promise<OrderChanged> {
      assertValid('cancelOrder', orderNumberProblems(orderNumber));
      ctx.logger.info('cancelling order', { orderNumber });
      return change('cancel', 'cancelOrder', orderNumber, { orderNumber }, call, () => true);
    },

    /** Gives a working order new terms (quantity, prices, price type); the broker re-runs its checks. */
    modifyOrder(m: OrderModification, call?: CallOptions): Promise<OrderChanged> {
      assertValid('modifyOrder', modificationProblems(m));
      const precision = m.pricePrecision ?? 2;
      const price = takesLimitPrice(m.priceType) ? (m.price ?? 0) : 0;
      const trigger = takesTrigger(m.priceType) ? (m.triggerPrice ?? 0) : 0;
      const fields = {
        orderNumber: m.orderNumber,
        exchange: m.exchange,
        tradingSymbol: wireSymbol(m.tradingSymbol),
        quantity: String(m.quantity),
        price: formatPrice(price, precision),
        triggerPrice: formatPrice(trigger, precision),
        priceType: m.priceType,
      };
      ctx.logger.info('modifying order', {
        orderNumber: m.orderNumber,
        quantity: m.quantity,
        priceType: m.priceType,
      });
      const matches = (o: Order) =>
        o.quantity === m.quantity && o.priceType === m.priceType && (o.price ?? 0) === price;
      return change('modify', 'modifyOrder', m.orderNumber, fields, call, matches);
    },
  };
}
