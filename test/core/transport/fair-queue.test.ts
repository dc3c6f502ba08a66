import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../../src/core/transport/fair-queue.js';

function queueOf(items: ReadonlyArray<readonly [string, string]>): FairQueue<string> {
  const q = new FairQueue<string>();
  for (const [key, item] of items) q.push(key, item);
  return q;
}

describe('fair queue', () => {
  it('serves keys in turn and each key in order', () => {
    const q = queueOf([
      ['busy', 'b1'],
      ['busy', 'b2'],
      ['busy', 'b3'],
      ['alice', 'a1'],
      ['bob', 'c1'],
      ['alice', 'a2'],
    ]);
    const served: string[] = [];
    for (let item = q.shift(); item !== undefined; item = q.shift()) served.push(item);
    expect(served).toEqual(['b1', 'a1', 'c1', 'b2', 'a2', 'b3']);
  });

  it('puts a newcomer after one item of each key already waiting, not after all of them', () => {
    const q = queueOf(Array.from({ length: 10 }, (_, i) => ['busy', `b${i}`] as const));
    expect(q.ahead('alice')).toBe(1);
    expect(q.ahead('busy')).toBe(10);
  });

  it('says how many go before a new item, as serving the queue then shows (any pushes and shifts)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('a', 'b', 'c', 'd'), fc.constant('shift')), { maxLength: 40 }),
        fc.constantFrom('a', 'b', 'c', 'd', 'e'),
        (steps, key) => {
          const q = new FairQueue<string>();
          steps.forEach((step, i) => {
            if (step === 'shift') q.shift();
            else q.push(step, `${step}${i}`);
          });
          const ahead = q.ahead(key);
          const order = q.inOrder();
          q.push(key, 'new');
          const served: string[] = [];
          for (let item = q.shift(); item !== undefined; item = q.shift()) served.push(item);
          expect(served.indexOf('new')).toBe(ahead);
          expect(served.filter((s) => s !== 'new')).toEqual(order);
        },
      ),
    );
  });

  it('takes an item out wherever it waits, and drains in service order', () => {
    const q = queueOf([
      ['a', 'a1'],
      ['b', 'b1'],
      ['a', 'a2'],
    ]);
    expect(q.remove('a', 'a1')).toBe(true);
    expect(q.remove('a', 'a1')).toBe(false);
    expect(q.peek()).toBe('a2');
    expect(q.drain()).toEqual(['a2', 'b1']);
    expect(q.size).toBe(0);
  });
});
