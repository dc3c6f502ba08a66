import { describe, expect, it } from 'vitest';
import { parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import { BrokerError } from '../../src/core/errors.js';
import type { Ticket } from '../../src/core/gate/index.js';
import { parseDecisionId } from '../../src/discord/approvals/buttons.js';
import { renderCard } from '../../src/discord/approvals/card.js';
import { DeskInputError, describeError } from '../../src/discord/errors.js';
import { parseLegs } from '../../src/discord/legs.js';
import { escapeMarkdown, external } from '../../src/discord/text/escape.js';
import { fitEmbed, fitEmbeds, LIMITS } from '../../src/discord/text/limits.js';
import { pageButtons, parsePageId, slice } from '../../src/discord/text/paging.js';
import { instrumentsCsv } from '../../src/sim/market/index.js';
import { createMarket } from '../../src/sim/market/market.js';
import { FRIDAY_10AM } from '../helpers/sim.js';

const catalog = parseInstrumentCatalog(
  instrumentsCsv(createMarket({ seed: 1, hours: 'always', holidays: [] }).universe(FRIDAY_10AM)),
);

describe('broker free text in Discord', () => {
  it('pings nobody and injects no markdown: mentions, emphasis, code, links and quotes are escaped, then marked as data', () => {
    const hostile =
      'RED:**Margin** @everyone <@123456789012345678> `x` [click](https://evil.example) ||spoiler|| > quote';
    const shown = external(hostile);
    expect(shown.startsWith('⟦') && shown.endsWith('⟧')).toBe(true);
    // Markdown escaped everywhere but in the one link, which is wrapped so Discord previews nothing.
    expect(shown.replace('<https://evil.example>', '')).not.toMatch(/(^|[^\\])[*_`|[\]<>@]/);
    expect(shown).toContain('\\[click\\](<https://evil.example>)');
    expect(shown).toContain('\\@everyone');
    expect(shown).toContain('\\<\\@123456789012345678\\>');
    expect(
      shown.replace(/\\([^0-9A-Za-z\s])/g, '$1').replace('<https://evil.example>', 'https://evil.example'),
    ).toBe(`⟦${hostile}⟧`);
  });

  it('removes control and direction characters and our own marks, and bounds the length', () => {
    expect(external('a\u202eb\nc⟧d', 240)).toBe('⟦ab cd⟧');
    expect(external('x'.repeat(300), 50)).toBe(`⟦${'x'.repeat(49)}…⟧`);
    expect(escapeMarkdown('10:15 RELIANCE-EQ')).toBe('10:15 RELIANCE-EQ');
  });

  it('wraps bare web addresses so Discord links them without fetching a preview', () => {
    expect(external('See https://evil.example/a_b?c=1. Or http://x.example/(y)!')).toBe(
      '⟦See <https://evil.example/a_b?c=1>. Or <http://x.example/(y)>!⟧',
    );
    expect(external('no link here: example.com')).toBe('⟦no link here: example.com⟧');
  });

  it('drops invisible and direction characters from any free text, ours too', () => {
    const sneaky = 'fat\u200b fin\u2066ger\u202e \u{e0041}oops\ufeff';
    expect(escapeMarkdown(sneaky)).toBe('fat finger oops');
    expect(external(sneaky)).toBe('⟦fat finger oops⟧');
  });

  it("marks the broker's own words inside an error, and says what to do next", () => {
    const error = new BrokerError(
      'BROKER_ERROR',
      'getQuote: the broker refused the request. Broker said: "Error *5* @here"',
      {
        brokerText: 'Error *5* @here',
      },
    );
    expect(describeError(error)).toBe(
      "getQuote: the broker refused the request. Broker said: ⟦Error \\*5\\* \\@here⟧\nNext: read the broker's reason and change the request.",
    );
    expect(describeError(new Error('secret internals'))).not.toContain('secret internals');
  });
});

describe('a card whose outcome is unknown', () => {
  it("says in plain words what is known and to run /order-status, never the client's calls", () => {
    const instrument = catalog.all().find((i) => i.tradingSymbol === 'RELIANCE-EQ');
    const ticket = {
      id: 'TABCD2345',
      kind: 'single',
      status: 'UNKNOWN',
      createdAt: '2026-11-20T10:00:00+05:30',
      expiresAt: '2026-11-20T10:02:00+05:30',
      requestedBy: { channel: 'discord', id: '1200000000000000103' },
      decidedBy: { channel: 'discord', id: '1200000000000000101', name: 'alice' },
      decidedAt: '2026-11-20T10:00:30+05:30',
      legs: [
        {
          instrument,
          outcome: {
            status: 'UNKNOWN',
            reason:
              'placeOrder: the order was sent but no definite answer came back: it may or may not have been placed. Cause: the broker did not answer in time. Settle it with reconcileOrder("omsdesk:TABCD2345") before placing it again',
          },
        },
      ],
      hash: 'f'.repeat(64),
      summary: 'BUY 1 RELIANCE-EQ on NSE at market',
      violations: [],
      warnings: [],
      margin: { required: undefined, available: undefined, shortfall: undefined, basis: '' },
    } as unknown as Ticket;
    const text = renderCard(ticket)
      .embeds.map((e) => JSON.stringify(e))
      .join('');
    expect(text).toContain('RELIANCE-EQ: sent, no definite answer yet');
    expect(text).toContain('The order was sent to the broker, which gave no definite answer');
    expect(text).toContain('Do not place it again: run /order-status TABCD2345 to see where it stands.');
    expect(text).not.toMatch(/placeOrder|reconcileOrder|at \w+ \(|Error/);
  });
});

describe('embed limits', () => {
  it('clips every part, keeps at most 25 fields, and keeps the total inside 6000 with a margin', () => {
    const embed = fitEmbed({
      title: 't'.repeat(300),
      description: 'd'.repeat(5000),
      fields: Array.from({ length: 30 }, (_, n) => ({ name: `f${n}`, value: 'v'.repeat(2000) })),
      footer: { text: 'x'.repeat(3000) },
    });
    const total =
      (embed.title?.length ?? 0) +
      (embed.description?.length ?? 0) +
      (embed.footer?.text.length ?? 0) +
      (embed.fields ?? []).reduce((s, f) => s + f.name.length + f.value.length, 0);
    expect(embed.title?.length).toBeLessThanOrEqual(256);
    expect(embed.description?.length).toBeLessThanOrEqual(4096);
    expect(embed.fields?.length).toBeLessThanOrEqual(25);
    expect(embed.fields?.every((f) => f.value.length <= 1024)).toBe(true);
    expect(total).toBeLessThanOrEqual(LIMITS.total);
    expect(total).toBeLessThan(6000);
  });
});

describe('embeds of one message', () => {
  it('share the 6000 characters and the limit of 10: later embeds are left out, the first kept whole', () => {
    const big = { title: 'order', description: 'x'.repeat(2_500) };
    const kept = fitEmbeds(Array.from({ length: 12 }, () => big));
    expect(kept).toHaveLength(2);
    expect(kept[0]).toEqual({ ...big, fields: [] });
    const small = fitEmbeds(Array.from({ length: 12 }, () => ({ title: 'a' })));
    expect(small).toHaveLength(10);
  });
});

describe('button ids', () => {
  it('carry only the decision and the ticket id, and page buttons only the list, page and filter', () => {
    expect(parseDecisionId('confirm:T7K2M9X4Q')).toEqual({ decision: 'confirm', ticketId: 'T7K2M9X4Q' });
    expect(parseDecisionId('confirm:T7K2M9X4Q:BUY 10')).toBeUndefined();
    const row = pageButtons(
      'orders',
      slice(
        Array.from({ length: 25 }, (_, n) => n),
        1,
        10,
      ),
      'open',
    )[0];
    const ids = (row?.components ?? []).map((b) => ('custom_id' in b ? b.custom_id : ''));
    expect(ids).toEqual(['page:orders:0:open', 'info:orders:1', 'page:orders:2:open']);
    expect(ids.every((id) => id.length <= 100)).toBe(true);
    expect(parsePageId('page:orders:2:open')).toEqual({ command: 'orders', page: 2, arg: 'open' });
    expect(pageButtons('orders', slice([1, 2], 0, 10))).toEqual([]);
  });
});

describe('multi-order legs', () => {
  it('reads legs separated by ; or new lines, with the product defaulting by exchange', () => {
    const legs = parseLegs('BUY RELIANCE 10 LMT 2500; SELL INFY 2 MKT\nB TCS 1 SL-LMT 3000 2990 I', catalog);
    expect(legs).toEqual([
      {
        instrument: 'NSE:RELIANCE-EQ',
        side: 'BUY',
        quantity: 10,
        priceType: 'LMT',
        price: 2500,
        product: 'C',
      },
      { instrument: 'NSE:INFY-EQ', side: 'SELL', quantity: 2, priceType: 'MKT', product: 'C' },
      {
        instrument: 'NSE:TCS-EQ',
        side: 'BUY',
        quantity: 1,
        priceType: 'SL-LMT',
        price: 3000,
        triggerPrice: 2990,
        product: 'I',
      },
    ]);
  });

  it('says which leg is wrong and how to write one', () => {
    const problem = (text: string): string => {
      try {
        parseLegs(text, catalog);
      } catch (error) {
        if (error instanceof DeskInputError) return `${error.message} | ${error.next}`;
        throw error;
      }
      return 'no problem';
    };
    expect(problem('BUY RELIANCE 10 LMT')).toMatch(
      /^leg 1 \("BUY RELIANCE 10 LMT"\): LMT takes a limit price \| write each leg as SIDE INSTRUMENT QUANTITY/,
    );
    expect(problem('BUY RELIANCE 10 MKT; HOLD INFY 1 MKT')).toMatch(/^leg 2 .*"HOLD" is not BUY or SELL/);
    expect(problem('BUY RELIANC 1 MKT')).toMatch(/^leg 1 .*did you mean NSE:RELIANCE-EQ/);
    expect(problem(Array.from({ length: 11 }, () => 'BUY ITC 1 MKT').join(';'))).toMatch(
      /holds 1 to 10 legs, got 11/,
    );
  });
});
