import { type FakeUser, GUILD_ID, snowflake, TRADING_CHANNEL } from './ids.js';
import { type FakeMessage, memberObject } from './payloads.js';

/** A registered command's option, as the deploy step sent it. */
export interface CommandOptionSpec {
  readonly name: string;
  readonly type: number;
  readonly required?: boolean;
  readonly autocomplete?: boolean;
  readonly choices?: ReadonlyArray<{ name: string; value: string | number }>;
  /** A subcommand's own options. */
  readonly options?: readonly CommandOptionSpec[];
}

/** A registered command. */
export interface CommandSpec {
  readonly id?: string;
  readonly name: string;
  readonly options?: readonly CommandOptionSpec[];
}

/** Where and by whom an interaction happens (defaults: the trading channel of the one server). */
export interface Origin {
  readonly user: FakeUser;
  readonly channelId?: string;
  readonly guildId?: string;
}

const SUBCOMMAND = 1;
const STRING = 3;
const INTEGER = 4;
const NUMBER = 10;

function common(type: number, origin: Origin) {
  const guildId = origin.guildId ?? GUILD_ID;
  const channelId = origin.channelId ?? TRADING_CHANNEL;
  return {
    id: snowflake(),
    application_id: '',
    type,
    token: `itoken-${snowflake()}-${Math.random().toString(36).slice(2)}`,
    version: 1,
    guild_id: guildId,
    channel_id: channelId,
    channel: { id: channelId, type: 0, guild_id: guildId },
    member: memberObject(origin.user),
    app_permissions: '2248473465835073',
    locale: 'en-US',
    guild_locale: 'en-US',
    entitlements: [],
    authorizing_integration_owners: { '0': guildId },
    context: 0,
  };
}

/**
 * Options typed as the registered command declares them; an unknown option name fails the test. A
 * subcommand is given as its name with an object of its own options: `{ create: { days: 30 } }`.
 */
function typedOptions(
  command: CommandSpec,
  values: Record<string, unknown>,
  focused?: string,
): Record<string, unknown>[] {
  return Object.entries(values).map(([name, value]) => {
    const spec = command.options?.find((o) => o.name === name);
    if (!spec) throw new Error(`/${command.name} has no option "${name}"`);
    if (spec.type === SUBCOMMAND) {
      const sub = { name: `${command.name} ${name}`, options: spec.options ?? [] };
      return {
        name,
        type: SUBCOMMAND,
        options: typedOptions(sub, value as Record<string, unknown>, focused),
      };
    }
    if (name === focused) return { name, type: spec.type, value: String(value), focused: true };
    if ((spec.type === INTEGER || spec.type === NUMBER) && typeof value !== 'number')
      throw new Error(`/${command.name} ${name} takes a number`);
    if (spec.type === STRING && typeof value !== 'string')
      throw new Error(`/${command.name} ${name} takes text`);
    return { name, type: spec.type, value };
  });
}

/** A slash command as Discord sends it (type 2). */
export function commandPayload(command: CommandSpec, values: Record<string, unknown>, origin: Origin) {
  return {
    ...common(2, origin),
    data: {
      id: command.id ?? snowflake(),
      name: command.name,
      type: 1,
      options: typedOptions(command, values),
      guild_id: origin.guildId ?? GUILD_ID,
    },
  };
}

/** An autocomplete request (type 4) with `focused` being typed. */
export function autocompletePayload(
  command: CommandSpec,
  values: Record<string, unknown>,
  focused: string,
  origin: Origin,
) {
  return {
    ...common(4, origin),
    data: {
      id: command.id ?? snowflake(),
      name: command.name,
      type: 1,
      options: typedOptions(command, values, focused),
      guild_id: origin.guildId ?? GUILD_ID,
    },
  };
}

/** A button click (type 3) on a message. */
export function buttonPayload(message: FakeMessage, customId: string, origin: Origin) {
  return {
    ...common(3, { ...origin, channelId: origin.channelId ?? message.channel_id }),
    message,
    data: { component_type: 2, custom_id: customId },
  };
}
