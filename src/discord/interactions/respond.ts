import { MessageFlags, type RepliableInteraction } from 'discord.js';
import type { Answer } from '../command.js';
import { NO_MENTIONS } from '../messages.js';
import { fitContent, fitEmbeds } from '../text/limits.js';

/** An answer as discord.js sends it, never pinging anyone. */
export function payload(answer: Answer) {
  return {
    content: answer.content === undefined ? '' : fitContent(answer.content),
    embeds: fitEmbeds(answer.embeds ?? []),
    components: [...(answer.components ?? [])],
    files: [...(answer.files ?? [])],
    allowedMentions: NO_MENTIONS,
  };
}

/** Tells only the person who acted; works whether or not the interaction was acknowledged yet. */
export async function tellPrivately(interaction: RepliableInteraction, text: string): Promise<void> {
  const message = {
    content: fitContent(text),
    flags: MessageFlags.Ephemeral as const,
    allowedMentions: NO_MENTIONS,
  };
  if (interaction.deferred || interaction.replied) await interaction.followUp(message);
  else await interaction.reply(message);
}

/**
 * Answers a failure after the reply was deferred: in place when the reply is private, else the public
 * "thinking" message is removed and the person alone is told (bad input is never shown to the channel).
 */
export async function failAfterDefer(
  interaction: RepliableInteraction,
  text: string,
  ephemeral: boolean,
): Promise<void> {
  if (ephemeral) {
    await interaction.editReply({
      content: fitContent(text),
      embeds: [],
      components: [],
      files: [],
      allowedMentions: NO_MENTIONS,
    });
    return;
  }
  await interaction.deleteReply().catch(() => undefined);
  await tellPrivately(interaction, text);
}
