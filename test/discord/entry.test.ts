import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVALS_CHANNEL, type FakeUser, OTHER_GUILD_ID, snowflake } from '../fakes/discord/ids.js';
import {
  autocompletePayload,
  buttonPayload,
  type CommandSpec,
  commandPayload,
} from '../fakes/discord/interactions.js';
import { type FakeMessage, userObject } from '../fakes/discord/payloads.js';
import type { InteractionRecord } from '../fakes/discord/server.js';
import { ALICE, CAROL, type DeskHarness, startDesk, textOf } from './harness.js';

const EPHEMERAL = 64;

let d: DeskHarness;
beforeAll(async () => {
  // Thousands of interactions are answered one after another here: none may be refused as late.
  d = await startDesk({ ackDeadlineMs: 600_000 });
});
afterAll(() => d.close());

function spec(name: string): CommandSpec {
  const found = [...d.fake.commands.values()].flat().find((c) => c.name === name);
  if (!found) throw new Error(`/${name} is not registered`);
  return found;
}

async function card(): Promise<{ id: string; message: FakeMessage }> {
  const id = await d.requested();
  return { id, message: d.card(id) as FakeMessage };
}

describe('who acted, and where', () => {
  it('is the member who clicked: a top-level user naming an approver does not make a member one', async () => {
    const { id, message } = await card();
    const payload = buttonPayload(message, `confirm:${id}`, { user: CAROL, channelId: APPROVALS_CHANNEL });
    const answer = await d.fake.reply(d.fake.send({ ...payload, user: userObject(ALICE) }));
    expect(answer.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(answer.content).toBe('Discord did not say which member of the server acted: nothing was done.');
    expect(d.g.gate.get(id)?.status).toBe('PENDING');
    expect(d.g.placements).toHaveLength(0);
  });

  it('refuses a command whose member disagrees with its user, or that has no member in the server', async () => {
    const halt = commandPayload(spec('halt'), {}, { user: CAROL });
    const disagree = await d.fake.reply(d.fake.send({ ...halt, user: userObject(ALICE) }));
    expect(disagree.content).toMatch(/did not say which member of the server acted/);
    expect(d.g.gate.killSwitch.engaged()).toBe(false);

    const { member: _, ...noMember } = commandPayload(spec('pending'), {}, { user: ALICE });
    const anonymous = await d.fake.reply(d.fake.send({ ...noMember, user: userObject(ALICE) }));
    expect(anonymous.content).toMatch(/did not say which member of the server acted/);
  });

  it("refuses a command from a channel that is not the server's", async () => {
    const elsewhere = snowflake();
    const payload = commandPayload(spec('pending'), {}, { user: ALICE, channelId: elsewhere });
    const answer = await d.fake.reply(
      d.fake.send({ ...payload, channel: { id: elsewhere, type: 0, guild_id: OTHER_GUILD_ID } }),
    );
    expect(answer.content).toBe('This channel is not one of the server omsdesk serves: nothing was done.');
  });
});

describe('interactions omsdesk does not handle, or cannot read', () => {
  it('are answered privately as not supported, each once: a button without its message, options as an object, a select menu, a modal, an unknown type', async () => {
    const { message } = await card();
    const pending = commandPayload(spec('pending'), {}, { user: ALICE });
    const { message: _, ...bare } = buttonPayload(message, 'page:orders:1:complete', { user: ALICE });
    const cases: Record<string, Record<string, unknown>> = {
      bare,
      options: { ...pending, data: { ...pending.data, options: { reason: 'x' } } },
      select: {
        ...buttonPayload(message, 'menu', { user: ALICE }),
        data: { component_type: 3, custom_id: 'menu', values: ['a'] },
      },
      modal: { ...pending, type: 5, data: { custom_id: 'form', components: [] } },
      unknown: { ...pending, type: 42 },
    };
    for (const [what, payload] of Object.entries(cases)) {
      const rec = d.fake.send(payload);
      const answer = await d.fake.reply(rec);
      expect([what, answer.flags & EPHEMERAL, answer.content]).toEqual([
        what,
        EPHEMERAL,
        'This action is not supported by omsdesk: nothing was done.',
      ]);
      expect(rec.acks).toHaveLength(1);
    }
  });
});

/** A value a hostile or broken payload might carry anywhere. */
const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string({ maxLength: 30 }),
  fc.constant({}),
  fc.constant([]),
  fc.constant('x'.repeat(5_000)),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant({})), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer())),
  fc.constant(userObject(ALICE)),
);

const PATHS = [
  'type',
  'data',
  'data.type',
  'data.id',
  'data.name',
  'data.options',
  'data.options.0',
  'data.options.0.type',
  'data.options.0.value',
  'data.options.0.focused',
  'data.custom_id',
  'data.component_type',
  'data.values',
  'data.components',
  'message',
  'message.id',
  'message.channel_id',
  'message.embeds',
  'member',
  'member.user',
  'member.user.id',
  'member.user.username',
  'member.roles',
  'member.permissions',
  'member.joined_at',
  'user',
  'guild_id',
  'channel',
  'channel.id',
  'channel.type',
  'channel.guild_id',
  'channel_id',
  'app_permissions',
  'entitlements',
  'authorizing_integration_owners',
  'locale',
  'version',
  'context',
  'application_id',
] as const;

/** Sets (or, for undefined, deletes) a path of a payload, making the objects on the way. */
function mutate(payload: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at: Record<string, unknown> = payload;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    if (next === null || typeof next !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  const last = keys.at(-1) as string;
  if (value === undefined) delete at[last];
  else at[last] = value;
}

describe('nothing an interaction carries brings the process down', () => {
  it('answers 2,000 generated interactions once each, privately where it can, logs each kind of problem once without a token, and goes on answering', async () => {
    const { message } = await card();
    const origin = (user: FakeUser = ALICE) => ({ user });
    const bases: Array<() => Record<string, unknown>> = [
      () => commandPayload(spec('pending'), {}, origin()),
      () => autocompletePayload(spec('quote'), { instrument: 'REL' }, 'instrument', origin()),
      () => buttonPayload(message, 'page:orders:1:complete', origin()),
      () => buttonPayload(message, 'confirm:TZZZZ2345', { user: ALICE, channelId: APPROVALS_CHANNEL }),
      () => ({
        ...buttonPayload(message, 'menu', origin()),
        data: { component_type: 3, custom_id: 'menu', values: ['a'] },
      }),
      () => ({
        ...commandPayload(spec('pending'), {}, origin()),
        type: 5,
        data: { custom_id: 'form', components: [] },
      }),
      () => ({
        ...commandPayload(spec('pending'), {}, origin()),
        data: { id: snowflake(), name: 'Inspect', type: 2 },
      }),
      () => ({ ...commandPayload(spec('pending'), {}, origin()), type: 99 }),
    ];
    const generated = fc.sample(
      fc.record({
        base: fc.nat({ max: bases.length - 1 }),
        changes: fc.array(fc.tuple(fc.constantFrom(...PATHS), junk), { maxLength: 3 }),
        unanswerable: fc.nat({ max: 19 }).map((n) => n === 0),
      }),
      { numRuns: 2_000, seed: 16 },
    );
    const escaped: unknown[] = [];
    const onEscape = (error: unknown) => escaped.push(error);
    process.on('uncaughtException', onEscape);
    process.on('unhandledRejection', onEscape);
    const answerable: InteractionRecord[] = [];
    try {
      // In batches of a hundred, as a busy server might send them, each batch answered before the next.
      for (let at = 0; at < generated.length; at += 100) {
        const batch: InteractionRecord[] = [];
        for (const g of generated.slice(at, at + 100)) {
          const payload = (bases[g.base] as () => Record<string, unknown>)();
          for (const [path, value] of g.changes) mutate(payload, path, value);
          // Discord always gives an id and a token to answer with; a few carry broken ones all the same.
          payload.id = g.unanswerable ? 'not-an-id' : snowflake();
          payload.token = g.unanswerable ? { token: 1 } : `fuzz-${snowflake()}`;
          const rec = d.fake.send(payload);
          if (!g.unanswerable) batch.push(rec);
        }
        await d.fake.waitFor(
          () => (batch.every((r) => r.acks.length > 0) ? true : undefined),
          `interactions ${at} to ${at + 99} to be answered`,
        );
        answerable.push(...batch);
      }
      // Later commands are still answered.
      const later = await d.fake.reply(d.run('quote', { instrument: 'INFY' }));
      expect(textOf(later)).toMatch(/^NSE:INFY-EQ: ₹/);
    } finally {
      process.off('uncaughtException', onEscape);
      process.off('unhandledRejection', onEscape);
    }
    expect(escaped).toEqual([]);
    expect(answerable.length).toBeGreaterThan(1_700);
    expect(answerable.filter((r) => r.acks.length !== 1 || r.refused.length > 0)).toEqual([]);
    const screened = answerable.filter(
      (r) => r.acks[0]?.data.content === 'This action is not supported by omsdesk: nothing was done.',
    );
    expect(screened.length).toBeGreaterThan(100);
    expect(screened.every((r) => r.acks[0]?.type === 4 && r.acks[0].data.flags === EPHEMERAL)).toBe(true);
    expect(new Set(d.logs).size).toBe(d.logs.length);
    expect(d.logs.filter((l) => l.includes('fuzz-'))).toEqual([]);
    expect(d.g.placements).toHaveLength(0);
  }, 90_000);
});
