import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestPath } from '../../../src/sim/http/request-path.js';

/** What the server used to compute for every request: the URL parser's pathname without trailing slashes. */
const parsed = (url: string): string => new URL(url, 'http://sim').pathname.replace(/\/+$/, '');

/** The result of `f`, or the name of what it threw (an invalid URL must stay invalid). */
function outcome(f: () => string): string {
  try {
    return f();
  } catch (error) {
    return `threw ${(error as Error).name}`;
  }
}

const piece = fc.constantFrom(
  '/',
  '//',
  'apiV2',
  'api',
  'getQuotes',
  '_sim',
  '.',
  '..',
  '%2F',
  '%41',
  '?',
  '#',
  '\\',
  '-',
  '_',
  'a b',
  'é',
  '~',
  ';x',
);

describe('the request path', () => {
  it('is what the URL parser resolves, for plain paths and odd ones alike', () => {
    for (const url of ['/apiV2/getQuotes', '/apiV2/getQuotes/', '/api/V3/limit//', '/', '/_sim/faults']) {
      expect(requestPath(url)).toBe(parsed(url));
    }
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const url = `/${pieces.join('')}`;
        expect(outcome(() => requestPath(url))).toBe(outcome(() => parsed(url)));
      }),
      { numRuns: 500 },
    );
  });

  it('resolves dot segments and queries as the URL parser does', () => {
    expect(requestPath('/api/../apiV2/getQuotes?x=1')).toBe('/apiV2/getQuotes');
    expect(requestPath('//evil/apiV2/getQuotes')).toBe(parsed('//evil/apiV2/getQuotes'));
  });
});
