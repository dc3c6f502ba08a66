import { describe, expect, it } from 'vitest';
import { ALL_COMMANDS, registeredCommands } from '../../src/discord/commands/index.js';

/** The fixed interface: every command and its options, `?` marking the optional ones. */
const INTERFACE: Record<string, string> = {
  quote: 'instrument exchange?',
  candles: 'instrument exchange? interval? from? to?',
  security: 'instrument exchange?',
  indices: 'exchange? query?',
  greeks: 'expiry strike spot volatility interest_rate? option_type?',
  span: 'instrument side quantity product?',
  order: 'side instrument quantity price_type price? trigger_price? product? retention? remarks? exchange?',
  'multi-order': 'legs',
  straddle: 'symbol strike expiry quantity product?',
  modify: 'order_number quantity? price? trigger_price? price_type?',
  cancel: 'order_number',
  orders: 'status?',
  'order-status': 'order_number? ticket_id?',
  trades: '',
  summary: '',
  holdings: '',
  limits: '',
  pending: '',
  halt: 'reason? cancel_orders?',
  resume: '',
  whoami: '',
  token: 'create(days?) list() revoke(id)',
};
/** The commands only a desk with a people file has: those of kind `people`. */
const WITH_PEOPLE = ALL_COMMANDS.filter((c) => c.kind === 'people').map((c) => c.name);
const STRING = 3;
const INTEGER = 4;
const NUMBER = 10;

type Option = {
  name: string;
  type: number;
  required?: boolean;
  description: string;
  choices?: Array<{ value: unknown }>;
};

const SUBCOMMAND = 1;

/** An option as the interface writes it: `name?` when optional, `name(options)` for a subcommand. */
function shape(o: Option & { options?: Option[] }): string {
  if (o.type === SUBCOMMAND) return `${o.name}(${(o.options ?? []).map(shape).join(' ')})`;
  return `${o.name}${o.required ? '' : '?'}`;
}

describe('the slash commands', () => {
  it('are exactly the fixed interface: names, options, which are optional', () => {
    const actual = Object.fromEntries(
      ALL_COMMANDS.map((c) => [c.name, ((c.json.options ?? []) as Option[]).map(shape).join(' ')]),
    );
    expect(actual).toEqual(INTERFACE);
  });

  it('type quantities as integers, prices and greeks inputs as numbers, the rest as text with the listed choices', () => {
    const option = (command: string, name: string): Option =>
      ((ALL_COMMANDS.find((c) => c.name === command)?.json.options ?? []) as Option[]).find(
        (o) => o.name === name,
      ) as Option;
    for (const [command, name] of [
      ['order', 'quantity'],
      ['span', 'quantity'],
      ['straddle', 'quantity'],
    ])
      expect([command, name, option(command as string, name as string).type]).toEqual([
        command,
        name,
        INTEGER,
      ]);
    for (const [command, name] of [
      ['order', 'price'],
      ['order', 'trigger_price'],
      ['straddle', 'strike'],
      ['greeks', 'strike'],
      ['greeks', 'spot'],
      ['greeks', 'volatility'],
      ['greeks', 'interest_rate'],
    ])
      expect([command, name, option(command as string, name as string).type]).toEqual([
        command,
        name,
        NUMBER,
      ]);
    expect(option('order', 'side').choices?.map((c) => c.value)).toEqual(['BUY', 'SELL']);
    expect(option('order', 'price_type').choices?.map((c) => c.value)).toEqual([
      'MKT',
      'LMT',
      'SL-LMT',
      'SL-MKT',
    ]);
    expect(option('order', 'product').choices?.map((c) => c.value)).toEqual(['C', 'M', 'I']);
    expect(option('order', 'instrument').type).toBe(STRING);
  });

  it("stay within Discord's limits: 1-32 lowercase characters for names, 1-100 for descriptions", () => {
    for (const c of ALL_COMMANDS) {
      expect(c.json.name).toMatch(/^[a-z0-9_-]{1,32}$/);
      expect(c.json.description.length).toBeLessThanOrEqual(100);
      const options = (c.json.options ?? []) as Array<Option & { options?: Option[] }>;
      for (const o of [...options, ...options.flatMap((sub) => sub.options ?? [])]) {
        expect(o.name).toMatch(/^[a-z0-9_-]{1,32}$/);
        expect(`${c.name} ${o.name} ${o.description.length}`).toBe(
          `${c.name} ${o.name} ${Math.min(100, o.description.length)}`,
        );
      }
    }
  });

  it('leave out order and halt commands on a read-only desk, and order commands when omsdesk is read-only', () => {
    const base = { guildId: '1200000000000000001', fourEyes: false, readOnly: false };
    const names = (approvers: string[], readOnly = false) =>
      registeredCommands({ ...base, approvers, readOnly }).map((c) => c.name);
    const withoutPeople = Object.keys(INTERFACE).filter((n) => !WITH_PEOPLE.includes(n));
    expect(names(['1200000000000000101'])).toEqual(withoutPeople);
    // With a people file its approvers approve: every command, /whoami and /token too.
    expect(registeredCommands({ ...base, approvers: [], withPeople: true }).map((c) => c.name)).toEqual(
      Object.keys(INTERFACE),
    );
    expect(names([])).not.toEqual(expect.arrayContaining(['order']));
    expect(
      names([]).filter((n) => ['order', 'multi-order', 'straddle', 'halt', 'resume'].includes(n)),
    ).toEqual([]);
    expect(
      names(['1200000000000000101'], true).filter((n) => ['order', 'multi-order', 'straddle'].includes(n)),
    ).toEqual([]);
    expect(names(['1200000000000000101'], true)).toContain('halt');
  });
});
