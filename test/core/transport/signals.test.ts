import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { onAbort } from '../../../src/core/transport/signals.js';

describe('onAbort on a signal', () => {
  it('calls every hooked listener once, in the order they were hooked', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    for (const name of ['a', 'b', 'c']) onAbort(controller.signal, () => calls.push(name));
    controller.abort();
    controller.abort();
    expect(calls).toEqual(['a', 'b', 'c']);
  });

  it('skips a listener released before the abort, wherever it sits in the list', () => {
    for (const released of ['a', 'b', 'c']) {
      const controller = new AbortController();
      const calls: string[] = [];
      const offs = new Map(
        ['a', 'b', 'c'].map((name) => [name, onAbort(controller.signal, () => calls.push(name))]),
      );
      offs.get(released)?.();
      controller.abort();
      expect(calls).toEqual(['a', 'b', 'c'].filter((name) => name !== released));
    }
  });

  it('skips a listener an earlier one releases while the abort runs, and still calls the ones after it', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    let offB = (): void => {};
    onAbort(controller.signal, () => {
      calls.push('a');
      offB();
    });
    offB = onAbort(controller.signal, () => calls.push('b'));
    onAbort(controller.signal, () => {
      calls.push('c');
    });
    controller.abort();
    expect(calls).toEqual(['a', 'c']);
  });

  it('holds one abort listener on the signal while any is hooked and none once all are released', () => {
    const controller = new AbortController();
    const offs = Array.from({ length: 50 }, () => onAbort(controller.signal, () => {}));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    for (const off of offs.reverse()) off();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    // Hooking again after the list emptied starts a fresh one that still fires.
    const calls: number[] = [];
    onAbort(controller.signal, () => calls.push(1));
    controller.abort();
    expect(calls).toEqual([1]);
  });

  it('does nothing for a signal that has already aborted, and a release after the abort is harmless', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const off = onAbort(controller.signal, () => calls.push('hooked'));
    controller.abort();
    off();
    off();
    onAbort(controller.signal, () => calls.push('late'))();
    expect(calls).toEqual(['hooked']);
  });
});
