import { SlashCommandBuilder } from 'discord.js';
import { actorText } from '../approvals/card.js';
import type { SlashCommand } from '../command.js';
import { json } from './options.js';

/** `/resume`: releases the gate's kill switch (approvers only); a kill-switch file still halts trading. */
export const resumeCommand: SlashCommand = {
  name: 'resume',
  kind: 'control',
  json: json(
    new SlashCommandBuilder()
      .setName('resume')
      .setDescription('Allow order placement again (approvers only)'),
  ),
  prepare: (_i, ctx) => async () => {
    await ctx.deps.gate.resume(ctx.actor);
    const state = ctx.deps.gate.killSwitch.state();
    const still = state.fileExists
      ? ` Trading stays halted while the kill-switch file exists on the omsdesk machine${state.filePath ? ` (${state.filePath})` : ''}.`
      : ' Orders can be approved again.';
    return { content: `Trading resumed by ${actorText(ctx.actor)}.${still}` };
  },
};
