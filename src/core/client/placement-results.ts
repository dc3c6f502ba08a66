import { classifyBrokerText, elementFailureText } from '../decode/index.js';
import { istIso } from '../domain/values.js';
import type { BrokerError } from '../errors.js';
import { brokerError } from '../failures.js';
import type { MultiOrderElement } from '../wire/index.js';

/** An order the OMS received: its number and the tag to find it by. Received is not executed. */
export interface PlacedOrder {
  readonly orderNumber: string;
  readonly tag: string;
  /** The `remarks` text sent (tag first). */
  readonly remarks: string;
  readonly requestTime: string | undefined;
  readonly raw: unknown;
}

/** The answer for one order of a multi-order or straddle call: received, or refused with the reason. */
export type LegResult =
  | ({ readonly ok: true } & PlacedOrder)
  | {
      readonly ok: false;
      readonly tag: string;
      readonly remarks: string;
      readonly error: BrokerError;
      readonly raw: unknown;
    };

/** Reads the per-order elements of a multi-order answer; a missing element is an order of unknown outcome. */
export function legResults(
  elements: readonly MultiOrderElement[],
  legs: ReadonlyArray<{ readonly tag: string; readonly remarks: string }>,
  label: string,
  endpoint: string,
): LegResult[] {
  return legs.map(({ tag, remarks }, i) => {
    const element = elements[i];
    if (element === undefined) {
      const note = `The broker returned no answer for order ${i + 1}; settle it with reconcileOrder(${JSON.stringify(tag)})`;
      return {
        ok: false,
        tag,
        remarks,
        error: brokerError('OUTCOME_UNKNOWN', { label, endpoint, tag, note }),
        raw: undefined,
      };
    }
    const text = elementFailureText(element);
    if (text === undefined && typeof element.data === 'object') {
      const requestTime = istIso(element.data.requestTime);
      return { ok: true, orderNumber: element.data.orderNumber, tag, remarks, requestTime, raw: element };
    }
    const brokerText = text ?? (typeof element.data === 'string' ? element.data : 'Failed');
    const error = brokerError(classifyBrokerText(brokerText), { label, endpoint, tag, brokerText });
    return { ok: false, tag, remarks, error, raw: element };
  });
}
