import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PeopleDirectory,
  PeopleSource,
  type Person,
  TokenStore,
  TokenUseLog,
  tokenFiles,
} from '../../../src/core/people/index.js';
import { recordingLogger } from '../../helpers/logs.js';
import { FakeClock } from '../support/fake-clock.js';

export const OPERATOR = { channel: 'cli', id: 'operator' } as const;

export const ASHA: Person = {
  id: 'asha',
  role: 'approver',
  discord: '123456789012345678',
  maxDailyOrders: 5,
};
export const RAVI: Person = { id: 'ravi', role: 'trader' };

/** A people file's text. */
export const peopleText = (people: readonly unknown[]): string => `${JSON.stringify({ people }, null, 2)}\n`;

/**
 * A data dir with a people file and a directory on it (as the server holds it), and a second token store
 * on the same journal, as the command line writes it.
 */
export async function directoryHarness(people: readonly unknown[] = [ASHA, RAVI]) {
  const dir = await mkdtemp(join(tmpdir(), 'omsdesk-people-'));
  const file = join(dir, 'people.json');
  await writeFile(file, peopleText(people));
  const clock = new FakeClock();
  const logs = recordingLogger();
  const files = tokenFiles(dir);
  const uses = await TokenUseLog.open(files.uses);
  const directory = new PeopleDirectory({
    people: await PeopleSource.open(file, logs.logger),
    tokens: new TokenStore(files.journal, logs.logger),
    clock,
    uses,
    logger: logs.logger,
  });
  const cli = new TokenStore(files.journal);
  return {
    dir,
    file,
    clock,
    logs,
    uses,
    files,
    directory,
    cli,
    /** Issues a token for `person` as the command line does, valid `days` days from the fake now. */
    issue: (person: string, days = 90) => cli.issue(person, days, OPERATOR, clock.now()),
    writePeople: (list: readonly unknown[]) => writeFile(file, peopleText(list)),
    async close() {
      await directory.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The token events of an audit log, as `event tokenId person channel:id`, oldest first. */
export async function tokenEvents(auditPath: string): Promise<string[]> {
  const text = await readFile(auditPath, 'utf8');
  return text
    .trimEnd()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as {
          event: string;
          actor?: { channel: string; id: string };
          data?: { tokenId?: string; person?: string };
        },
    )
    .filter((e) => e.event.startsWith('token_'))
    .map((e) => `${e.event} ${e.data?.tokenId} ${e.data?.person} ${e.actor?.channel}:${e.actor?.id}`);
}
