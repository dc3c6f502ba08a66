import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  MessageFlags,
} from 'discord.js';
import type { Actor } from '../../core/audit/index.js';
import type { Person as Linked } from '../../core/people/index.js';
import { isApprover, memberRoleIds } from '../approvals/access.js';
import { parseCancelId, parseDecisionId } from '../approvals/buttons.js';
import type { CardBoard } from '../approvals/card-board.js';
import { cancelByClick, decideByClick } from '../approvals/click.js';
import { type Choice, type CommandContext, isEphemeral, type SlashCommand, type Work } from '../command.js';
import type { ResolvedDeps } from '../context.js';
import { describeError } from '../errors.js';
import type { ChannelMessages } from '../messages.js';
import { LIMITS } from '../text/limits.js';
import { parsePageId } from '../text/paging.js';
import { kindRefusal, memberUser, type Person, placeRefusal } from './guard.js';
import { commandRefusal } from './people-access.js';
import type { Problem } from './problems.js';
import { failAfterDefer, payload, tellPrivately } from './respond.js';
import { NOT_SUPPORTED } from './screen.js';

/** An interaction token lives 15 minutes; work still running after 14 is cut short. */
const WORK_LIMIT_MS = 14 * 60_000;

/** What the router dispatches to. */
export interface RouterOptions {
  readonly deps: ResolvedDeps;
  readonly cards: CardBoard;
  /** The bot's channel messages (the `/halt` notice in the monitoring channel). */
  readonly messages: ChannelMessages;
  readonly commands: ReadonlyMap<string, SlashCommand>;
  /** Aborts when the desk stops. */
  readonly life: AbortSignal;
  /** Logs a problem once per kind (a flood of one malformed interaction is one line). */
  readonly problem: Problem;
}

/**
 * The one handler of every interaction: slash commands (checked, deferred, answered), autocomplete, and
 * buttons (card decisions, list pages); anything else is answered as not supported. It is permanent, so
 * clicks on cards from before a restart are answered too. Every interaction is checked against the desk's
 * server and channels first, and the person is the member who acted. It never throws: failures are told to
 * the person where Discord still lets us, and logged once without secrets.
 */
export function createRouter(o: RouterOptions): (interaction: Interaction) => Promise<void> {
  /** With a people file: the person this member is linked to, as the file says now. */
  const linkedTo = async (person: Person): Promise<Linked | undefined> =>
    o.deps.people === undefined ? undefined : await o.deps.people.byDiscord(person.id);

  const contextOf = (i: Interaction, person: Person, linked?: Linked): CommandContext => {
    const actor: Actor = {
      channel: 'discord',
      id: person.id,
      name: person.username,
      ...(i.channelId === null ? {} : { channelId: i.channelId }),
      ...(linked === undefined ? {} : { person: linked.id }),
    };
    // Each person's reads queue by themselves: a busy one cannot hold back the others.
    const asker = linked === undefined ? `discord:${actor.id}` : `person:${linked.id}`;
    return {
      deps: { ...o.deps, client: o.deps.client.as({ lane: 'people', asker }) },
      cards: o.cards,
      messages: o.messages,
      actor,
      ...(linked === undefined ? {} : { person: linked }),
      signal: AbortSignal.any([o.life, AbortSignal.timeout(WORK_LIMIT_MS)]),
    };
  };

  const command = async (i: ChatInputCommandInteraction): Promise<void> => {
    const { settings } = o.deps;
    const cmd = o.commands.get(i.commandName);
    const unknown = `omsdesk has no command /${i.commandName}: ask whoever runs omsdesk to run "omsdesk deploy-commands".`;
    if (cmd === undefined) return tellPrivately(i, placeRefusal(i, settings) ?? unknown);
    const refusal = placeRefusal(i, settings) ?? kindRefusal(cmd.kind, settings);
    const person = memberUser(i);
    if (refusal !== undefined || person === undefined) return tellPrivately(i, refusal ?? NOT_SUPPORTED);
    const linked = await linkedTo(person);
    if (settings.withPeople) {
      const denied = commandRefusal(cmd.kind, linked);
      if (denied !== undefined) return tellPrivately(i, denied);
    } else if (cmd.kind === 'control' && !isApprover(settings, person.id, memberRoleIds(i.member))) {
      return tellPrivately(i, 'Only approvers (OMSDESK_DISCORD_APPROVERS) can halt or resume trading.');
    }
    const ctx = contextOf(i, person, linked);
    let work: Work;
    try {
      work = cmd.prepare(i, ctx);
    } catch (error) {
      return tellPrivately(i, describe(error, i.commandName));
    }
    const ephemeral = isEphemeral(cmd.kind);
    // Acknowledged before any broker call: Discord allows 3 seconds, the broker may take longer.
    await i.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
    try {
      await i.editReply(payload(await work()));
    } catch (error) {
      await failAfterDefer(i, describe(error, i.commandName), ephemeral);
    }
  };

  const autocomplete = async (i: AutocompleteInteraction): Promise<void> => {
    const cmd = o.commands.get(i.commandName);
    let choices: readonly Choice[] = [];
    const person = memberUser(i);
    try {
      if (placeRefusal(i, o.deps.settings) === undefined && person !== undefined)
        choices = cmd?.autocomplete?.(i, contextOf(i, person)) ?? [];
    } catch (error) {
      o.deps.logger.warn('autocomplete failed', { command: i.commandName, error: String(error) });
    }
    await i.respond(
      choices.slice(0, LIMITS.choices).map((c) => ({ ...c, name: c.name.slice(0, LIMITS.choiceText) })),
    );
  };

  const button = async (i: ButtonInteraction): Promise<void> => {
    const refusal = placeRefusal(i, o.deps.settings);
    const person = memberUser(i);
    if (refusal !== undefined || person === undefined) return tellPrivately(i, refusal ?? NOT_SUPPORTED);
    const decision = parseDecisionId(i.customId);
    if (decision) {
      const ctx = contextOf(i, person, await linkedTo(person));
      return decideByClick(i, decision.decision, decision.ticketId, ctx);
    }
    const cancel = parseCancelId(i.customId);
    if (cancel !== undefined) return cancelByClick(i, cancel, contextOf(i, person, await linkedTo(person)));
    const page = parsePageId(i.customId);
    const cmd = page === undefined ? undefined : o.commands.get(page.command);
    if (!page || !cmd?.page)
      return tellPrivately(i, 'This button is not one omsdesk knows: nothing was done.');
    const work = cmd.page(page.page, page.arg, contextOf(i, person, await linkedTo(person)));
    await i.deferUpdate();
    try {
      await i.editReply(payload(await work()));
    } catch (error) {
      await tellPrivately(i, describe(error, page.command));
    }
  };

  const describe = (error: unknown, where: string): string => {
    const text = describeError(error);
    if (text.startsWith('omsdesk could not complete')) {
      const why = error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
      o.problem(`discord command /${where} failed: ${o.deps.redact(why)}`, 'error');
    }
    return o.deps.redact(text);
  };

  return async (i) => {
    try {
      if (i.isChatInputCommand()) await command(i);
      else if (i.isAutocomplete()) await autocomplete(i);
      else if (i.isButton()) await button(i);
      // Select menus, modal submits, context menus: acknowledged, never left to time out.
      else if (i.isRepliable()) await tellPrivately(i, NOT_SUPPORTED);
    } catch (error) {
      const text = error instanceof Error ? error.message.slice(0, 200) : '';
      o.problem(`could not answer a Discord interaction (${errorKind(error)}: ${o.deps.redact(text)})`);
      // Unacknowledged still: the person is told; after that (or if Discord failed us) nothing more can be.
      if (i.isRepliable() && !i.deferred && !i.replied) {
        await tellPrivately(i, 'omsdesk could not handle this action: nothing was done.').catch(
          () => undefined,
        );
      }
    }
  };
}

/** A failure's name and code (a Discord error's code says what Discord refused). */
function errorKind(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? `${error.name} ${code}` : error.name;
}
