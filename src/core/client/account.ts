import {
  type AccountLimits,
  limitsFromWire,
  type MarginEstimate,
  marginFromWire,
} from '../domain/account.js';
import { type Holding, holdingFromWire } from '../domain/holding.js';
import { type SessionInfo, sessionInfo } from '../domain/session.js';
import { holdingsSuccess, limitsSuccess, spanSuccess } from '../wire/index.js';
import { abortable, callScope } from './call-scope.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import { okValue, request } from './request.js';
import { type SpanQuery, spanPosition, spanProblems } from './span.js';
import { assertValid, requireSession, sessionBody } from './validate.js';

/** Login, limits, margin and holdings. */
export function accountMethods(ctx: ClientContext) {
  return {
    /** Logs in now (sharing a login already under way) and says who is logged in. */
    async login(call?: CallOptions): Promise<SessionInfo> {
      const scope = callScope(ctx, call);
      try {
        return sessionInfo(await abortable(ctx, 'login', scope, ctx.session.refresh(scope.signal)));
      } finally {
        scope.end();
      }
    },

    /** Cash and margin; `available` is cash + payin + collateral - margin used. */
    async getLimits(options?: CallOptions & { readonly version?: 'V3' | 'V4' }): Promise<AccountLimits> {
      const version = options?.version ?? ctx.limitsVersion;
      if (version !== 'V3' && version !== 'V4') assertValid('getLimits', ['version must be V3 or V4']);
      return request(ctx, {
        endpoint: version === 'V4' ? 'limitsV4' : 'limitsV3',
        label: 'getLimits',
        schema: limitsSuccess,
        call: options,
        share: { kind: 'limits', key: `limits|${version}` },
        fields: {},
        map: (d) => limitsFromWire(okValue(d), version, d.raw),
      });
    },

    /** Span and exposure margin a set of derivative positions needs. */
    async calculateSpan(query: SpanQuery, call?: CallOptions): Promise<MarginEstimate> {
      assertValid('calculateSpan', spanProblems(query));
      const product = query.product ?? 'M';
      const pos = query.positions.map((p) => spanPosition(p, product));
      return request(ctx, {
        endpoint: 'span',
        label: 'calculateSpan',
        schema: spanSuccess,
        call,
        share: { kind: 'limits', key: `span|${product}|${JSON.stringify(pos)}` },
        body: (s) => sessionBody(s, { actid: requireSession(s).accountId, product, pos }),
        map: (d) => marginFromWire(okValue(d), d.raw),
      });
    },

    /** Demat, collateral and unsettled holdings; an empty list when there are none. */
    async getHoldings(call?: CallOptions): Promise<readonly Holding[]> {
      return request(ctx, {
        endpoint: 'holdings',
        label: 'getHoldings',
        schema: holdingsSuccess,
        noData: 'empty',
        call,
        share: { kind: 'limits', key: 'holdings' },
        fields: {},
        map: (d) => (d.kind === 'ok' ? d.value.data.map((h, i) => holdingFromWire(h, `data[${i}]`)) : []),
      });
    },
  };
}
