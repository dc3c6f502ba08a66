import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, type PeopleConfig } from '../../core/config/index.js';
import {
  GrantFiles,
  grantUsesFile,
  PERSON_ID,
  readPeople,
  readTokenUses,
  type TokenActor,
  TokenStore,
  tokenFiles,
  tokenStatus,
} from '../../core/people/index.js';
import { toIstIso } from '../../core/time/ist.js';
import { loadCliConfig } from '../config.js';
import { stderrLogger } from '../logger.js';
import { intFlag, UsageError } from '../usage-error.js';

export const TOKEN_USAGE =
  'omsdesk token issue <person-id> [--days 90] | issue --metrics <scraper> | list | revoke <token-or-grant-id> | revoke --person <person-id>';

/** The command line acts as the operator at this machine; it never takes the data dir's lock. */
const OPERATOR: TokenActor = { channel: 'cli', id: 'operator' };

/** An instant as the listing shows it: date and minute, IST. */
const shown = (ms: number): string =>
  Number.isFinite(ms) ? toIstIso(ms).slice(0, 16).replace('T', ' ') : 'never';

/**
 * `omsdesk token`: issues, lists and revokes personal MCP tokens, and lists and ends sign-in's grants. It only appends to the token journal,
 * so it works while `omsdesk serve` holds the data dir, which sees the change on its next request and
 * records it in the audit log.
 */
export async function tokenCommand(argv: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: { days: { type: 'string' }, person: { type: 'string' }, metrics: { type: 'string' } },
    allowPositionals: true,
  });
  const [action, target, ...extra] = positionals;
  const usage = (): UsageError => new UsageError(`usage: ${TOKEN_USAGE}`);
  if (extra.length > 0) throw usage();
  if (values.days !== undefined && action !== 'issue') throw new UsageError('--days goes with token issue');
  if (values.person !== undefined && action !== 'revoke')
    throw new UsageError('--person goes with token revoke');
  if (
    values.metrics !== undefined &&
    (action !== 'issue' || target !== undefined || values.days !== undefined)
  )
    throw new UsageError(
      '--metrics goes with token issue alone: omsdesk token issue --metrics <scraper> (it never expires)',
    );
  // The file is judged only to issue: a broken edit must never stand in the way of a revocation.
  const { config } = await loadCliConfig({ people: 'locate' });
  const logger = stderrLogger(config.log.level);
  for (const warning of config.warnings) logger.warn(warning);
  const people = peopleOf(config);
  const store = new TokenStore(tokenFiles(config.dataDir).journal, logger);
  if (values.metrics !== undefined) {
    await issueMetrics(store, values.metrics);
  } else if (action === 'issue' && target !== undefined) {
    await issue(store, people, target, intFlag('days', values.days, 90, 1, 3650));
  } else if (action === 'list' && target === undefined) {
    await list(store, config.dataDir);
    await listGrants(config.dataDir);
  } else if (action === 'revoke' && (target === undefined) !== (values.person === undefined)) {
    await revoke(store, target, values.person, new GrantFiles(config.dataDir));
  } else {
    throw usage();
  }
}

/**
 * The people file tokens belong to. Without one, the configuration must change (exit 78): most often the
 * command runs with another data dir than the server's (another user, or no OMSDESK_DATA_DIR), so it says
 * which data dir it looked in.
 */
function peopleOf(config: Config): PeopleConfig {
  if (config.people !== undefined) return config.people;
  throw new ConfigError([
    {
      variable: 'OMSDESK_PEOPLE_FILE',
      message: `no people file in the data dir ${resolve(config.dataDir)} (people.json), and OMSDESK_PEOPLE_FILE names none: personal tokens belong to its people. Run this as the user omsdesk serve runs as, with its OMSDESK_DATA_DIR (and OMSDESK_PEOPLE_FILE when it sets one), or write the people file`,
    },
  ]);
}

async function issue(store: TokenStore, people: PeopleConfig, id: string, days: number): Promise<void> {
  const state = await readPeople(people.file);
  if (!state.ok) throw new Error(`${state.problem}; fix it, then issue the token`);
  const person = state.byId.get(id);
  if (person === undefined) {
    const ids = state.list.map((p) => p.id).join(', ');
    throw new Error(
      `no person "${id}" in the people file ${people.file}${ids === '' ? '' : ` (it names ${ids})`}`,
    );
  }
  const made = await store.issue(person.id, days, OPERATOR, Date.now());
  console.log(
    `Token ${made.id} issued to ${person.id} (${person.role}), valid ${days} ${days === 1 ? 'day' : 'days'} until ${shown(made.expires)} IST.`,
  );
  console.log('It is shown only this once (omsdesk keeps only its hash); give it to them privately:');
  console.log(made.token);
}

async function issueMetrics(store: TokenStore, name: string): Promise<void> {
  if (!PERSON_ID.test(name))
    throw new UsageError(`name the scraper with 1 to 32 of a-z, 0-9, _ and -, got "${name}"`);
  const made = await store.issueMetrics(name, OPERATOR, Date.now());
  console.log(
    `Metrics token ${made.id} issued for ${name}: it reads /metrics and nothing else, and never expires (omsdesk token revoke ${made.id} ends it).`,
  );
  console.log(
    'It is shown only this once (omsdesk keeps only its hash); put it in the scraper’s credentials file:',
  );
  console.log(made.token);
}

async function list(store: TokenStore, dataDir: string): Promise<void> {
  await store.refresh();
  const uses = await readTokenUses(tokenFiles(dataDir).uses);
  const now = Date.now();
  const tokens = store.list();
  if (tokens.length === 0) {
    console.log('No tokens yet: omsdesk token issue <person-id>');
    return;
  }
  const rows = [
    ['ID', 'PERSON', 'CREATED (IST)', 'EXPIRES (IST)', 'LAST USED (IST)', 'STATUS'],
    ...tokens.map((t) => {
      const used = uses.get(t.id);
      return [
        t.id,
        t.person,
        shown(t.created),
        shown(t.expires),
        used === undefined ? 'never' : shown(used),
        tokenStatus(t, now),
      ];
    }),
  ];
  printRows(rows);
}

/** Rows in columns as wide as their widest cell. */
function printRows(rows: string[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const row of rows)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

/** The assistants people let in by signing in (OAuth grants), when there are any. */
async function listGrants(dataDir: string): Promise<void> {
  const grants = await new GrantFiles(dataDir).grants(Date.now());
  if (grants.length === 0) return;
  const uses = await readTokenUses(grantUsesFile(dataDir));
  console.log('');
  printRows([
    ['GRANT', 'PERSON', 'CLIENT', 'CREATED (IST)', 'LAST USED (IST)'],
    ...grants.map((g) => {
      const used = uses.get(g.id);
      return [g.id, g.person, g.client, shown(g.created), used === undefined ? 'never' : shown(used)];
    }),
  ]);
}

async function revoke(
  store: TokenStore,
  id: string | undefined,
  person: string | undefined,
  grants: GrantFiles,
): Promise<void> {
  if (id !== undefined) {
    await store.refresh();
    if (store.get(id) === undefined) {
      const grant = await grants.endById(id, Date.now(), { by: OPERATOR });
      if (grant !== undefined) {
        console.log(
          `Grant ${grant.id} of ${grant.person} (${grant.client}) ended: its tokens no longer work, and the server ends what it started.`,
        );
        return;
      }
    }
    const token = await store.revoke(id, OPERATOR, Date.now());
    console.log(`Token ${token.id} of ${token.person} revoked.`);
    return;
  }
  const revoked = await store.revokePerson(person ?? '', OPERATOR, Date.now());
  console.log(
    revoked.length === 0
      ? `${person} has no active token.`
      : `Revoked ${revoked.length} ${revoked.length === 1 ? 'token' : 'tokens'} of ${person}: ${revoked.map((t) => t.id).join(', ')}.`,
  );
  const ended = await grants.endPerson(person ?? '', Date.now(), { by: OPERATOR });
  if (ended.length > 0)
    console.log(
      `Ended ${ended.length} sign-in ${ended.length === 1 ? 'grant' : 'grants'} of ${person}: ${ended.map((g) => `${g.id} (${g.client})`).join(', ')}.`,
    );
}
