import { FileRefusedError } from '../data-dir/files.js';
import { parsePeople } from '../people/people-file.js';
import { ConfigError, type ConfigProblem } from './errors.js';
import type { Parsed } from './settle.js';
import type { Config, PeopleConfig } from './types.js';

type Raw = Readonly<Record<string, string | undefined>>;

/** Reads a file's text synchronously; undefined when it does not exist (the CLI passes one). */
export type ReadFile = (path: string) => string | undefined;

const given = (raw: Raw, name: string): boolean => (raw[name] ?? '').trim() !== '';

/** What the people file settles: the people mode (when a file is present), its problems and warnings. */
export interface PeopleRulesResult {
  readonly people?: PeopleConfig;
  readonly problems: readonly ConfigProblem[];
  readonly warnings: readonly string[];
}

/**
 * The people file, when present: every problem in it, by path; and, beside it, the settings it replaces,
 * refused as ambiguous (the shared MCP token, the Discord approver list). Without a file, nothing changes.
 * `locateOnly` finds the file without judging it.
 */
export function peopleRules(
  path: string,
  v: Parsed,
  raw: Raw,
  read: ReadFile | undefined,
  locateOnly = false,
): PeopleRulesResult {
  const explicit = given(raw, 'OMSDESK_PEOPLE_FILE');
  let text: string | undefined;
  try {
    text = read?.(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    const message = error instanceof FileRefusedError ? error.message : `cannot read ${path} (${code})`;
    return {
      problems: [{ variable: 'OMSDESK_PEOPLE_FILE', message }],
      warnings: [],
    };
  }
  if (text === undefined) {
    const problems: ConfigProblem[] = explicit
      ? [
          {
            variable: 'OMSDESK_PEOPLE_FILE',
            message: `no file at ${path}: create it, or unset OMSDESK_PEOPLE_FILE`,
          },
        ]
      : [];
    const warnings = given(raw, 'OMSDESK_PERSON') ? ['OMSDESK_PERSON is ignored without a people file.'] : [];
    return { problems, warnings };
  }
  const person = v.OMSDESK_PERSON;
  const people = {
    file: path,
    fourEyes: v.OMSDESK_DISCORD_FOUR_EYES ?? false,
    ...(person === undefined ? {} : { person }),
  };
  if (locateOnly) return { people, problems: [], warnings: [] };
  const problems: ConfigProblem[] = [];
  const parsed = parsePeople(text);
  if (!parsed.ok) {
    for (const p of parsed.problems)
      problems.push({ variable: 'OMSDESK_PEOPLE_FILE', message: `${path}: ${p.path}: ${p.message}` });
  }
  if (given(raw, 'OMSDESK_MCP_TOKEN')) {
    problems.push({
      variable: 'OMSDESK_MCP_TOKEN',
      message: `ambiguous with the people file ${path}: each person uses a personal token instead (omsdesk token issue <person-id>); remove OMSDESK_MCP_TOKEN`,
    });
  }
  if (given(raw, 'OMSDESK_DISCORD_APPROVERS')) {
    problems.push({
      variable: 'OMSDESK_DISCORD_APPROVERS',
      message: `ambiguous with the people file ${path}: the approvers are its people whose role is approver (with their discord ids); remove OMSDESK_DISCORD_APPROVERS`,
    });
  }
  if (person !== undefined && parsed.ok && !parsed.people.some((p) => p.id === person)) {
    const ids = parsed.people.map((p) => p.id).join(', ');
    problems.push({
      variable: 'OMSDESK_PERSON',
      message: `"${person}" is not in the people file ${path}${ids === '' ? ', which names nobody' : ` (it names ${ids})`}`,
    });
  }
  return { people, problems, warnings: [] };
}

/**
 * For `omsdesk mcp` on stdio, which has no token to tell who is there: with a people file, `OMSDESK_PERSON`
 * must say who runs it.
 */
export function requireStdioPerson(config: Config): void {
  if (config.people === undefined || config.people.person !== undefined) return;
  throw new ConfigError([
    {
      variable: 'OMSDESK_PERSON',
      message: `required for omsdesk mcp on stdio with a people file (${config.people.file}): the id of the person who runs it`,
    },
  ]);
}
