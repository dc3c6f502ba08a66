import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { PeopleDirectory } from './directory.js';
import { GrantFiles } from './grants/grant-files.js';
import { PeopleSource } from './people-source.js';
import { type MirrorAudit, TokenAuditMirror } from './tokens/audit-mirror.js';
import { tokenFiles } from './tokens/files.js';
import { TokenStore } from './tokens/token-store.js';
import { TokenUseLog } from './tokens/use-log.js';

/** What the process holding the data dir opens its people with. */
export interface OpenPeopleOptions {
  readonly file: string;
  readonly dataDir: string;
  readonly audit: MirrorAudit;
  readonly clock: Clock;
  readonly logger?: Logger;
}

/**
 * The people directory of the process that holds the data dir: reads the people file (refusing an
 * invalid one), catches up with the token journal, records in the audit log whatever of it is not
 * recorded yet (issued or revoked while no server ran), and keeps doing so as requests see news. The
 * tokens of people no longer in the file are revoked before anything is served.
 */
export async function openPeopleDirectory(o: OpenPeopleOptions): Promise<PeopleDirectory> {
  const files = tokenFiles(o.dataDir);
  const people = await PeopleSource.open(o.file, o.logger);
  const tokens = new TokenStore(files.journal, o.logger);
  await tokens.refresh();
  const mirror = await TokenAuditMirror.open(tokens, o.audit, files.audited, o.logger);
  await mirror.run();
  const uses = await TokenUseLog.open(files.uses, o.logger);
  o.logger?.info(`people file ${o.file}; personal tokens in ${files.journal}`);
  const directory = new PeopleDirectory({
    people,
    tokens,
    grants: new GrantFiles(o.dataDir),
    clock: o.clock,
    uses,
    mirror,
    ...(o.logger === undefined ? {} : { logger: o.logger }),
  });
  // The first look revokes the tokens of anyone removed from the file while no server ran.
  await directory.refresh();
  return directory;
}
