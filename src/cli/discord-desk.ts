import { join } from 'node:path';
import { renderCandleChart } from '../core/chart/index.js';
import { type DiscordDesk, startDiscordDesk } from '../discord/desk.js';
import { deskSettings, requireDiscord } from './desk-settings.js';
import type { Runtime } from './runtime.js';

/**
 * Starts the Discord desk on a runtime: the same client, master, gate and order watcher as everything else
 * in the process; the monitoring channel keeps its outbox in the data dir.
 */
export function startDesk(rt: Runtime, signal?: AbortSignal): Promise<DiscordDesk> {
  const discord = requireDiscord(rt.config);
  return startDiscordDesk({
    token: discord.token,
    apiUrl: discord.apiUrl,
    ...(signal === undefined ? {} : { signal }),
    deps: {
      client: rt.client,
      catalog: rt.catalog,
      gate: rt.gate,
      settings: deskSettings(rt.config, discord),
      logger: rt.logger,
      redact: (text) => rt.redactor.text(text),
      renderChart: renderCandleChart,
      ...(rt.people === undefined ? {} : { people: rt.people }),
      monitor: {
        feed: rt.watcher,
        statePath: join(rt.config.dataDir, 'discord-monitor.json'),
        holidays: rt.config.policy.holidays,
      },
    },
  });
}
