import type { KillFilePull } from '../../core/gate/index.js';
import type { Logger } from '../../core/logger.js';
import { killFileNotice } from '../commands/halt.js';
import type { DeskGate } from '../deps.js';
import type { ChannelMessages } from '../messages.js';
import { fitContent } from '../text/limits.js';

/** What posting the kill file's pulls needs. */
export interface KillFilePosts {
  readonly gate: Pick<DeskGate, 'onKillFilePull'>;
  readonly messages: ChannelMessages;
  readonly channelId: string;
  readonly logger: Logger;
  readonly redact: (text: string) => string;
}

/**
 * Posts each pull of the kill file in the monitoring channel, as `/halt` posts its own: nobody ran a
 * command, so this message is how the team learns which orders were pulled. Returns the unsubscribe.
 */
export function postKillFilePulls(o: KillFilePosts): () => void {
  return o.gate.onKillFilePull((pull: KillFilePull) => {
    const content = fitContent(killFileNotice(pull, o.redact));
    o.messages.post(o.channelId, { content }).catch((error: unknown) => {
      o.logger.error('could not post the kill file’s pull in the monitoring channel', {
        error: o.redact(error instanceof Error ? error.message : String(error)),
      });
    });
  });
}
