import { type APIApplicationCommand, REST, Routes } from 'discord.js';
import { registeredCommands } from './commands/index.js';
import type { DeskSettings } from './deps.js';
import { makeRequest } from './rest-request.js';
import { startFailure } from './start-error.js';

/** Where and how to register the slash commands. */
export interface DeployOptions {
  readonly token: string;
  readonly apiUrl: string;
  readonly applicationId: string;
  readonly guildId: string;
  readonly settings: DeskSettings;
  readonly redact?: (text: string) => string;
}

/**
 * Registers the desk's slash commands in one server by bulk overwrite (a PUT of the whole list, so
 * commands no longer offered disappear); a read-only desk registers no order or halt commands.
 * Resolves with the names registered.
 */
export async function deployCommands(o: DeployOptions): Promise<string[]> {
  const rest = new REST({ api: o.apiUrl, makeRequest }).setToken(o.token);
  try {
    const registered = (await rest.put(Routes.applicationGuildCommands(o.applicationId, o.guildId), {
      body: registeredCommands(o.settings).map((c) => c.json),
    })) as APIApplicationCommand[];
    return registered.map((c) => c.name);
  } catch (error) {
    throw startFailure(error, o.redact ?? ((t) => t));
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}
