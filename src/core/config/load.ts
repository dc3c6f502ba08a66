import { Redactor } from '../redact.js';
import { buildConfig } from './build.js';
import { discordRules, discordWarnings } from './discord-rules.js';
import { parseDotenv } from './dotenv.js';
import { ConfigError, type ConfigProblem } from './errors.js';
import { peopleRules, type ReadFile } from './people-rules.js';
import { crossRules, wantsLive } from './rules.js';
import { type Parsed, settle } from './settle.js';
import { signInRules } from './sign-in-rules.js';
import type { Config } from './types.js';
import { CONFIG_VARIABLES, type ConfigVariableName, SECRET_VARIABLES } from './variables.js';

/**
 * Where configuration comes from: the process environment (passed in by the CLI), a `.env` file's text,
 * and a reader for the people file (without one, no people file is found).
 */
export interface ConfigSources {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly dotenv?: string;
  /** Defaults the caller knows better than the declarations, as text (the CLI's per-user data dir). */
  readonly defaults?: Readonly<Partial<Record<ConfigVariableName, string>>>;
  readonly readFile?: ReadFile;
  /**
   * `locate`: find the people file without judging it (`omsdesk token`, which must revoke even while the
   * file is broken, and checks it itself to issue). Default `validate`.
   */
  readonly people?: 'validate' | 'locate';
}

const NAMES = CONFIG_VARIABLES.map((c) => c.name);

/**
 * Parses and validates the whole configuration; the environment wins over `.env`. Throws a
 * `ConfigError` listing every problem by variable, with secret values never shown.
 */
export function loadConfig(sources: ConfigSources): Config {
  const file = sources.dotenv === undefined ? { values: {}, problems: [] } : parseDotenv(sources.dotenv);
  const problems: ConfigProblem[] = file.problems.map((p) => ({
    variable: `.env line ${p.line}`,
    message: p.message,
  }));
  const raw: Record<string, string | undefined> = {};
  for (const name of NAMES) raw[name] = sources.env[name] ?? (file.values as Record<string, string>)[name];

  const parsed: Record<string, unknown> = {};
  for (const v of CONFIG_VARIABLES) {
    const given = raw[v.name];
    const text = given === undefined || given.trim() === '' ? (sources.defaults?.[v.name] ?? given) : given;
    const result = v.field.safeParse(text);
    if (result.success) parsed[v.name] = result.data;
    else for (const issue of result.error.issues) problems.push({ variable: v.name, message: issue.message });
  }
  const variables = parsed as Parsed;
  const settings = settle(variables);
  const people = peopleRules(
    settings.OMSDESK_PEOPLE_FILE,
    variables,
    raw,
    sources.readFile,
    sources.people === 'locate',
  );
  problems.push(
    ...crossRules(variables, raw, people.people !== undefined),
    ...discordRules(variables, raw),
    ...signInRules(variables, raw, people.people !== undefined),
    ...people.problems,
  );

  if (problems.length > 0) {
    // Field messages never include secrets; this also catches a secret pasted into the wrong variable.
    const redactor = new Redactor();
    redactor.add(...[...SECRET_VARIABLES].map((name) => raw[name]));
    const rank = (p: ConfigProblem): number => NAMES.indexOf(p.variable as ConfigVariableName);
    const ordered = [...problems].sort((a, b) => rank(a) - rank(b));
    throw new ConfigError(ordered.map((p) => ({ ...p, message: redactor.text(p.message) })));
  }
  const warnings = [
    ...unknownVariables(sources.env, file.values),
    ...liveWarnings(variables, raw),
    ...discordWarnings(raw, variables, people.people !== undefined),
    ...people.warnings,
  ];
  const config = buildConfig(settings, warnings);
  return people.people === undefined ? config : { ...config, people: people.people };
}

/** `OMSDESK_` variables that omsdesk does not read: probably typos, so say what they may have meant. */
function unknownVariables(...sources: ReadonlyArray<Readonly<Record<string, string | undefined>>>): string[] {
  const known = new Set<string>(NAMES);
  const seen = new Set(sources.flatMap((s) => Object.keys(s)).filter((k) => k.startsWith('OMSDESK_')));
  return [...seen]
    .filter((name) => !known.has(name))
    .sort()
    .map((name) => {
      const guess = closest(name, NAMES);
      return `${name} is not an omsdesk variable and is ignored${guess ? ` (did you mean ${guess}?)` : ''}.`;
    });
}

/** The account's credentials: a live broker's login uses them, the paper broker its own demo account. */
const LIVE_ONLY = [
  'OMSDESK_USER_ID',
  'OMSDESK_PASSWORD',
  'OMSDESK_API_KEY',
  'OMSDESK_VENDOR_CODE',
  'OMSDESK_TOTP_SECRET',
  'OMSDESK_DOB_OR_PAN',
  'OMSDESK_ACCOUNT_ID',
] as const;

function liveWarnings(v: Parsed, raw: Readonly<Record<string, string | undefined>>): string[] {
  const live = wantsLive(raw);
  const warnings: string[] = [];
  if (live && v.OMSDESK_MARKET_HOURS === 'always') {
    warnings.push(
      'OMSDESK_MARKET_HOURS=always against a live broker: orders outside market hours will be rejected by the exchange.',
    );
  }
  const credentials = LIVE_ONLY.filter((name) => !live && (raw[name] ?? '').trim() !== '');
  if (credentials.length > 0) {
    warnings.push(
      `${credentials.join(', ')} ${credentials.length === 1 ? 'is' : 'are'} only used with a live broker (OMSDESK_BROKER_URL); the paper broker’s demo account is used.`,
    );
  }
  if (v.OMSDESK_INSTRUMENTS_URL !== undefined && !live) {
    warnings.push(
      'OMSDESK_INSTRUMENTS_URL is only used with a live broker (OMSDESK_BROKER_URL); the paper broker’s own instruments are used.',
    );
  } else if (v.OMSDESK_INSTRUMENTS_URL !== undefined && v.OMSDESK_INSTRUMENTS_FILE !== undefined) {
    warnings.push(
      'OMSDESK_INSTRUMENTS_FILE and OMSDESK_INSTRUMENTS_URL are both set: the file is used and no masters are downloaded.',
    );
  }
  return warnings;
}

function closest(name: string, candidates: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const candidate of candidates) {
    const d = levenshtein(name, candidate);
    if (d <= 3 && (best === undefined || d < best.d)) best = { name: candidate, d };
  }
  return best?.name;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
