import { type Client, InteractionResponseType, MessageFlags, Routes } from 'discord.js';
import { NO_MENTIONS } from '../messages.js';
import { screenInteraction } from './payload.js';
import type { Problem } from './problems.js';

/** The words for anything the desk does not handle. */
export const NOT_SUPPORTED = 'This action is not supported by omsdesk: nothing was done.';

/** A dispatch name discord.js has no handler for: a screened interaction goes no further. */
const SCREENED = 'OMSDESK_SCREENED_INTERACTION';

const AUTOCOMPLETE = 4;

/** Answers an interaction discord.js never saw: no choices for autocomplete, else a private "not supported". */
function answer(client: Client, to: { id: string; token: string; type: number }): Promise<unknown> {
  const body =
    to.type === AUTOCOMPLETE
      ? { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } }
      : {
          type: InteractionResponseType.ChannelMessageWithSource,
          data: { content: NOT_SUPPORTED, flags: MessageFlags.Ephemeral, allowed_mentions: NO_MENTIONS },
        };
  return client.rest.post(Routes.interactionCallback(to.id, to.token), { body, auth: false });
}

/**
 * Every interaction passes here before discord.js builds it (the raw gateway event comes first, with the
 * packet discord.js goes on to handle): a supported one goes on in the shape discord.js reads, cleaned;
 * anything else (an unknown type, a payload its constructors would throw on, which no handler of ours could
 * catch) is taken from it and answered here, privately, where Discord gave us a way to answer.
 */
export function screenInteractions(client: Client, problem: Problem): void {
  client.on('raw', (packet: { t?: unknown; d?: unknown } | null) => {
    if (packet?.t !== 'INTERACTION_CREATE') return;
    const screening = screenInteraction(packet.d);
    if (screening.ok) {
      packet.d = screening.payload;
      return;
    }
    packet.t = SCREENED;
    problem(`omsdesk does not handle ${screening.reason}`);
    if (screening.answer === undefined) return;
    answer(client, screening.answer).catch((error: unknown) =>
      problem(
        `could not answer an interaction it does not handle (${error instanceof Error ? error.name : 'error'})`,
      ),
    );
  });
}
