import { SlashCommandBuilder } from 'discord.js';
import { whoamiLines } from '../../core/people/index.js';
import type { SlashCommand } from '../command.js';
import { DeskInputError } from '../errors.js';
import { escapeMarkdown } from '../text/escape.js';
import { json } from './options.js';

/** `/whoami` (with a people file): who you are at this desk, your role, caps and what you used today. */
export const whoamiCommand: SlashCommand = {
  name: 'whoami',
  kind: 'people',
  json: json(
    new SlashCommandBuilder()
      .setName('whoami')
      .setDescription('Who you are at this desk: your role, your daily caps and what you used today'),
  ),
  prepare(_i, ctx) {
    const person = ctx.person;
    if (person === undefined) throw new DeskInputError('You are not in the people file', 'ask to be added');
    const { settings } = ctx.deps;
    // Approving needs the approvals channel's cards; a read-only desk takes no order.
    const paths = {
      trading: !settings.readOnly,
      approvals: settings.approvalsChannel !== undefined,
      halts: true,
      fourEyes: settings.fourEyes,
    };
    return async () => ({
      content: whoamiLines(person, paths, ctx.deps.gate.usageOf(person.id)).map(escapeMarkdown).join('\n'),
    });
  },
};
