import type { OptionGreeksData } from '../wire/index.js';
import { istIso, reqNumber } from './values.js';

/** Price and sensitivities of one option. */
export interface Greeks {
  readonly price: number;
  readonly delta: number;
  readonly gamma: number;
  readonly theta: number;
  readonly vega: number;
  readonly rho: number;
}

/** Greeks of the call and the put at one strike. */
export interface OptionGreeks {
  readonly call: Greeks;
  readonly put: Greeks;
  readonly requestTime: string | undefined;
  readonly raw: unknown;
}

function side(d: OptionGreeksData, prefix: 'cal' | 'put'): Greeks {
  const read = (name: string): number => {
    const key = `${prefix}_${name}`;
    return reqNumber((d as Record<string, string | undefined>)[key], `data.${key}`);
  };
  return {
    price: read('price'),
    delta: read('delta'),
    gamma: read('gamma'),
    theta: read('theta'),
    vega: read('vego'),
    rho: read('rho'),
  };
}

/** The option-greeks `data` (`cal_*`, `put_*`, vega spelled `vego`). */
export function greeksFromWire(d: OptionGreeksData, raw: unknown): OptionGreeks {
  return { call: side(d, 'cal'), put: side(d, 'put'), requestTime: istIso(d.request_time), raw };
}
