import { z } from 'zod';

// The interaction payloads the desk lets discord.js build, in the shape discord.js reads them: anything
// else would make its constructors throw inside its gateway handler, where no handler of ours can catch it
// and the process goes down. Unknown keys are dropped; the desk reads none of them.

const snowflake = z.string().regex(/^\d{1,20}$/);
// Interaction tokens are URL-safe (they go into paths as they are).
const TOKEN = /^[\w.~+=-]{1,1000}$/;
const bits = z.string().regex(/^\d{1,30}$/);
const name = z.string().max(200);

const user = z.object({
  id: snowflake,
  username: name,
  global_name: name.nullable().optional(),
  discriminator: z.string().max(10).optional(),
  avatar: name.nullable().optional(),
  bot: z.boolean().optional(),
});

const member = z.object({
  user,
  roles: z.array(snowflake).max(500),
  permissions: bits.optional(),
  joined_at: z.string().max(64).nullable().optional(),
  nick: name.nullable().optional(),
});

const channel = z.object({
  id: snowflake,
  type: z.number().int().min(0).max(99),
  guild_id: snowflake.optional(),
  name: name.optional(),
});

interface Option {
  name: string;
  type: number;
  value?: string | number | boolean | undefined;
  focused?: boolean | undefined;
  options?: Option[] | undefined;
}
const option: z.ZodType<Option> = z.object({
  name: z.string().max(100),
  type: z.number().int().min(1).max(11),
  value: z.union([z.string().max(6000), z.number().finite(), z.boolean()]).optional(),
  focused: z.boolean().optional(),
  get options() {
    return z.array(option).max(25).optional();
  },
});

const command = z.object({
  id: snowflake,
  name: z.string().max(100),
  type: z.literal(1),
  guild_id: snowflake.optional(),
  options: z.array(option).max(25).optional(),
});

/** The message a component sits on: only where it is matters (a card is known by its id and channel). */
const message = z.object({ id: snowflake, channel_id: snowflake }).transform((m) => ({
  ...m,
  type: 0,
  content: '',
  embeds: [],
  components: [],
  attachments: [],
  mentions: [],
  mention_roles: [],
  mention_everyone: false,
  pinned: false,
  tts: false,
  flags: 0,
  timestamp: new Date(0).toISOString(),
  edited_timestamp: null,
}));

const BUTTON = 2;
const SELECTS = [3, 5, 6, 7, 8] as const;

const component = z.object({
  component_type: z.union([z.literal(BUTTON), ...SELECTS.map((t) => z.literal(t))]),
  custom_id: z.string().max(100),
  values: z.array(z.string().max(100)).max(25).optional(),
});

const modal = z
  .object({ custom_id: z.string().max(100) })
  .transform((d) => ({ ...d, components: [] as never[] }));

const common = {
  id: snowflake,
  token: z.string().regex(TOKEN),
  application_id: snowflake,
  guild_id: snowflake.optional(),
  channel_id: snowflake.optional(),
  channel: channel.optional(),
  member: member.optional(),
  user: user.optional(),
  app_permissions: bits.default('0'),
  locale: z.string().max(20).optional(),
  guild_locale: z.string().max(20).optional(),
  version: z.number().int().optional(),
  context: z.number().int().min(0).max(9).optional(),
  // Entitlements and integration owners are not read by the desk; discord.js needs them present.
  entitlements: z.unknown().transform(() => [] as never[]),
  authorizing_integration_owners: z.unknown().transform(() => ({})),
};

const supported = z.discriminatedUnion('type', [
  z.object({ ...common, type: z.literal(2), data: command }),
  z.object({ ...common, type: z.literal(3), data: component, message }),
  z.object({ ...common, type: z.literal(4), data: command }),
  z.object({ ...common, type: z.literal(5), data: modal, message: message.optional() }),
]);

/** An interaction as the desk hands it to discord.js. */
export type ScreenedInteraction = z.output<typeof supported>;

/** What to do with an interaction payload: hand it on (cleaned), or answer it without discord.js. */
export type Screening =
  | { readonly ok: true; readonly payload: ScreenedInteraction }
  | {
      readonly ok: false;
      readonly reason: string;
      readonly answer?: { readonly id: string; readonly token: string; readonly type: number };
    };

/** Which part of the payload is wrong (its first key), without any value: payloads carry tokens. */
function where(error: z.ZodError): string {
  const first = error.issues[0]?.path[0];
  return typeof first === 'string' ? first : 'its shape';
}

/**
 * Checks an INTERACTION_CREATE payload against the shapes the desk supports (slash commands, autocomplete,
 * buttons, and select menus and modals, which it answers as not supported). A person or a role cannot be
 * in a guild interaction without `member` or a top-level `user` (a DM), so one of them must be there.
 */
export function screenInteraction(d: unknown): Screening {
  const raw = (d !== null && typeof d === 'object' ? d : {}) as Record<string, unknown>;
  const parsed = supported.safeParse(d);
  const type = typeof raw.type === 'number' && Number.isInteger(raw.type) ? raw.type : undefined;
  const answerable =
    typeof raw.id === 'string' &&
    /^\d{1,20}$/.test(raw.id) &&
    typeof raw.token === 'string' &&
    TOKEN.test(raw.token)
      ? { id: raw.id, token: raw.token, type: type ?? 0 }
      : undefined;
  const refuse = (reason: string): Screening => ({
    ok: false,
    reason,
    ...(answerable === undefined ? {} : { answer: answerable }),
  });
  const kind = type === undefined ? 'an interaction of no known type' : `an interaction of type ${type}`;
  if (!parsed.success) return refuse(`${kind}, wrong in ${where(parsed.error)}`);
  if (parsed.data.member === undefined && parsed.data.user === undefined)
    return refuse(`${kind}, without member or user`);
  return { ok: true, payload: parsed.data };
}
