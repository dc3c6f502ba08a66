import { SlashCommandBuilder } from 'discord.js';
import { DEFAULT_TOKEN_DAYS, type Person } from '../../core/people/index.js';
import { toIstIso } from '../../core/time/ist.js';
import type { Answer, CommandContext, SlashCommand } from '../command.js';
import { DeskInputError } from '../errors.js';
import { escapeMarkdown } from '../text/escape.js';
import { json } from './options.js';

const shown = (ms: number): string => `${toIstIso(ms).slice(0, 16).replace('T', ' ')} IST`;

function ownPerson(ctx: CommandContext): Person {
  if (ctx.person === undefined) throw new DeskInputError('You are not in the people file', 'ask to be added');
  return ctx.person;
}

function tokens(ctx: CommandContext) {
  const own = ctx.deps.people?.own;
  if (own === undefined) throw new DeskInputError('omsdesk runs without a people file', 'nothing to do');
  return own;
}

async function create(ctx: CommandContext, person: Person, days: number): Promise<Answer> {
  const made = await tokens(ctx).issue(person, days);
  return {
    content:
      `Your personal MCP token ${made.id} (valid ${days} ${days === 1 ? 'day' : 'days'}, until ${shown(made.expires)}). ` +
      'It is shown only this once and only to you (omsdesk keeps only its hash): put it in your MCP client as ' +
      '`Authorization: Bearer <token>` and never share it. /token revoke with its id ends it.\n' +
      `\`${made.token}\``,
  };
}

async function list(ctx: CommandContext, person: Person): Promise<Answer> {
  const mine = await tokens(ctx).list(person.id);
  const grants = await tokens(ctx).grants(person.id);
  if (mine.length === 0 && grants.length === 0)
    return { content: 'You have no tokens yet: /token create makes one.' };
  const lines = mine.map(
    (t) => `\`${t.id}\` created ${shown(t.created)}, expires ${shown(t.expires)}: ${t.status}`,
  );
  const signedIn = grants.map(
    (g) => `\`${g.id}\` ${escapeMarkdown(g.client)}, signed in ${shown(g.created)}`,
  );
  return {
    content: [
      `Your tokens (${escapeMarkdown(person.id)}):`,
      ...lines,
      ...(signedIn.length === 0
        ? []
        : ['Assistants you let in by signing in (/token revoke ends one):', ...signedIn]),
    ].join('\n'),
  };
}

async function revoke(ctx: CommandContext, person: Person, id: string): Promise<Answer> {
  const token = await tokens(ctx)
    .revoke(person.id, id)
    .catch((error: unknown) => {
      throw new DeskInputError(
        error instanceof Error ? error.message : String(error),
        'check the id with /token list',
      );
    });
  if (!('hash' in token))
    return {
      content: `Sign-in \`${token.id}\` of ${escapeMarkdown(token.client)} ended: its tokens no longer work, and what it started ends (its waiting tickets are declined, its MCP sessions closed).`,
    };
  return {
    content: `Token \`${token.id}\` revoked: it no longer works, and what it started ends (its waiting tickets are declined, its MCP sessions closed).`,
  };
}

/**
 * `/token create|list|revoke` (with a people file): a linked person's own personal MCP tokens, answered to
 * them alone; a new token is shown once. Who they are comes from Discord, never from a token.
 */
export const tokenCommand: SlashCommand = {
  name: 'token',
  kind: 'people',
  json: json(
    new SlashCommandBuilder()
      .setName('token')
      .setDescription('Your personal MCP tokens (shown only to you)')
      .addSubcommand((c) =>
        c
          .setName('create')
          .setDescription('A new personal token for your MCP client, shown once')
          .addIntegerOption((o) =>
            o
              .setName('days')
              .setDescription(`How long it lives (default ${DEFAULT_TOKEN_DAYS})`)
              .setMinValue(1)
              .setMaxValue(365),
          ),
      )
      .addSubcommand((c) => c.setName('list').setDescription('Your tokens: id, created, expires, status'))
      .addSubcommand((c) =>
        c
          .setName('revoke')
          .setDescription('End one of your tokens, or an assistant you signed in')
          .addStringOption((o) =>
            o
              .setName('id')
              .setDescription('The token or sign-in id (/token list)')
              .setRequired(true)
              .setMinLength(12)
              .setMaxLength(12),
          ),
      ),
  ),
  prepare(i, ctx) {
    const person = ownPerson(ctx);
    const action = i.options.getSubcommand(true);
    if (action === 'create') {
      const days = i.options.getInteger('days') ?? DEFAULT_TOKEN_DAYS;
      return () => create(ctx, person, days);
    }
    if (action === 'list') return () => list(ctx, person);
    const id = i.options.getString('id', true).trim().toLowerCase();
    return () => revoke(ctx, person, id);
  },
};
