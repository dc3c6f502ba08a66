import type {
  APIActionRowComponent,
  APIComponentInMessageActionRow,
  APIEmbed,
  ApplicationCommandOptionChoiceData,
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Actor } from '../core/audit/index.js';
import type { Person } from '../core/people/index.js';
import type { CardBoard } from './approvals/card-board.js';
import type { ResolvedDeps } from './context.js';
import type { ChannelMessages } from './messages.js';

/** What a command answers: a message's content, embeds, buttons and files. */
export interface Answer {
  readonly content?: string;
  readonly embeds?: readonly APIEmbed[];
  readonly components?: readonly APIActionRowComponent<APIComponentInMessageActionRow>[];
  readonly files?: ReadonlyArray<{ readonly attachment: Buffer; readonly name: string }>;
}

/** The slow part of a command (broker calls), run after the interaction was acknowledged. */
export type Work = () => Promise<Answer>;

/**
 * Who may run a command and how it answers: `read` market data in public; `account` data only to the
 * person who asked; `order` commands (need approvers, not read-only) answer the requester alone;
 * `control` (halt, resume) is for approvers only and answers in public; `people` (whoami, token) needs a
 * people file and someone in it, and answers them alone.
 */
export type CommandKind = 'read' | 'account' | 'order' | 'control' | 'people';

/** What one interaction runs with. */
export interface CommandContext {
  readonly deps: ResolvedDeps;
  readonly cards: CardBoard;
  /** Posting in the desk's channels (the monitoring channel's notices). */
  readonly messages: ChannelMessages;
  /** The person, as the gate and the audit log record them. */
  readonly actor: Actor;
  /** With a people file: the person the Discord user is linked to, as the file says now (if any). */
  readonly person?: Person;
  /** Aborts when the desk stops or the interaction's 15 minutes run out. */
  readonly signal: AbortSignal;
}

/** One autocomplete choice. */
export type Choice = ApplicationCommandOptionChoiceData<string | number>;

/** One slash command: its registration, its kind, and its handler. */
export interface SlashCommand {
  readonly name: string;
  readonly json: RESTPostAPIChatInputApplicationCommandsJSONBody;
  readonly kind: CommandKind;
  /**
   * Reads what was typed without calling the broker (so it fits in Discord's 3 seconds) and throws on bad
   * input; returns the work to run once the interaction is deferred.
   */
  prepare(interaction: ChatInputCommandInteraction, ctx: CommandContext): Work;
  /** Choices for the option being typed; only from the instrument catalogue (no broker call). */
  autocomplete?(interaction: AutocompleteInteraction, ctx: CommandContext): readonly Choice[];
  /** Page `page` (from 0) of a paged answer; `arg` is what the page buttons carry. */
  page?(page: number, arg: string, ctx: CommandContext): Work;
}

/** Whether a kind's answers are shown only to the person who asked (account data and order replies). */
export function isEphemeral(kind: CommandKind): boolean {
  return kind === 'account' || kind === 'order' || kind === 'people';
}
