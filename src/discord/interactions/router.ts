import {
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  MessageFlags,
} from 'discord.js';
import type { Actor } from '../../core/audit/index.js';
import { isApprover, memberRoleIds } from '../approvals/access.js';
import { parseDecisionId } from '../approvals/buttons.js';
import type { CardBoard } from '../approvals/card-board.js';
import { decideByClick } from '../approvals/click.js';
import { type Choice, type CommandContext, isEphemeral, type SlashCommand, type Work } from '../command.js';
import type { ResolvedDeps } from '../context.js';
import { describeError } from '../errors.js';
import { LIMITS } from '../text/limits.js';
import { parsePageId } from '../text/paging.js';
import { kindRefusal, placeRefusal } from './guard.js';
import { failAfterDefer, payload, tellPrivately } from './respond.js';

/** An interaction token lives 15 minutes; work still running after 14 is cut short. */
const WORK_LIMIT_MS = 14 * 60_000;

/** What the router dispatches to. */
export interface RouterOptions {
  readonly deps: ResolvedDeps;
  readonly cards: CardBoard;
  readonly commands: ReadonlyMap<string, SlashCommand>;
  /** Aborts when the desk stops. */
  readonly life: AbortSignal;
}

/**
 * The one handler of every interaction: slash commands (checked, deferred, answered), autocomplete, and
 * buttons (card decisions, list pages). It is permanent, so clicks on cards from before a restart are
 * answered too. It never throws: failures are told to the person and logged without secrets.
 */
export function createRouter(o: RouterOptions): (interaction: Interaction) => Promise<void> {
  const contextOf = (i: Interaction): CommandContext => {
    const actor: Actor = {
      channel: 'discord',
      id: i.user.id,
      name: i.user.username,
      ...(i.channelId === null ? {} : { channelId: i.channelId }),
    };
    return {
      // Each person's reads queue by themselves: a busy one cannot hold back the others.
      deps: { ...o.deps, client: o.deps.client.as({ lane: 'people', asker: `discord:${actor.id}` }) },
      cards: o.cards,
      actor,
      signal: AbortSignal.any([o.life, AbortSignal.timeout(WORK_LIMIT_MS)]),
    };
  };

  const command = async (i: ChatInputCommandInteraction): Promise<void> => {
    const { settings } = o.deps;
    const cmd = o.commands.get(i.commandName);
    const unknown = `omsdesk has no command /${i.commandName}: ask whoever runs omsdesk to run "omsdesk deploy-commands".`;
    if (cmd === undefined) return tellPrivately(i, placeRefusal(i, settings) ?? unknown);
    const refusal = placeRefusal(i, settings) ?? kindRefusal(cmd.kind, settings);
    if (refusal !== undefined) return tellPrivately(i, refusal);
    if (cmd.kind === 'control' && !isApprover(settings, i.user.id, memberRoleIds(i.member))) {
      return tellPrivately(i, 'Only approvers (OMSDESK_DISCORD_APPROVERS) can halt or resume trading.');
    }
    const ctx = contextOf(i);
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
    try {
      if (i.guildId === o.deps.settings.guildId) choices = cmd?.autocomplete?.(i, contextOf(i)) ?? [];
    } catch (error) {
      o.deps.logger.warn('autocomplete failed', { command: i.commandName, error: String(error) });
    }
    await i.respond(
      choices.slice(0, LIMITS.choices).map((c) => ({ ...c, name: c.name.slice(0, LIMITS.choiceText) })),
    );
  };

  const button = async (i: ButtonInteraction): Promise<void> => {
    const decision = parseDecisionId(i.customId);
    if (decision) return decideByClick(i, decision.decision, decision.ticketId, contextOf(i));
    const page = parsePageId(i.customId);
    const cmd = page === undefined ? undefined : o.commands.get(page.command);
    if (!page || !cmd?.page)
      return tellPrivately(i, 'This button is not one omsdesk knows: nothing was done.');
    const refusal = placeRefusal(i, o.deps.settings);
    if (refusal !== undefined) return tellPrivately(i, refusal);
    const work = cmd.page(page.page, page.arg, contextOf(i));
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
      o.deps.logger.error('discord command failed', {
        command: where,
        error: o.deps.redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
      });
    }
    return o.deps.redact(text);
  };

  return async (i) => {
    try {
      if (i.isChatInputCommand()) await command(i);
      else if (i.isAutocomplete()) await autocomplete(i);
      else if (i.isButton()) await button(i);
    } catch (error) {
      // Discord itself failed us (a late acknowledgement, a network error): nothing more can be told.
      o.deps.logger.warn('could not answer a Discord interaction', {
        error: o.deps.redact(error instanceof Error ? error.message : String(error)),
      });
    }
  };
}
