import { type BrokerMode, defaultValue } from './variable.js';
import { CONFIG_VARIABLES, type ParsedValues, type Settings } from './variables.js';

/** The variables as parsed from their text: absent where unset. */
export type Parsed = ParsedValues;

const BY_NAME = new Map<string, (typeof CONFIG_VARIABLES)[number]>(CONFIG_VARIABLES.map((v) => [v.name, v]));

/** The broker a configuration runs against: live as soon as a broker URL is given. */
export function brokerMode(parsed: Parsed): BrokerMode {
  return parsed.OMSDESK_BROKER_URL === undefined ? 'paper' : 'live';
}

/** Every variable's value: as parsed, or its declared default (which may read other settled values). */
export function settle(parsed: Parsed): Settings {
  const mode = brokerMode(parsed);
  const out = new Map<string, unknown>();
  const get = (name: string): unknown => {
    if (out.has(name)) return out.get(name);
    const declaration = BY_NAME.get(name);
    if (declaration === undefined) throw new Error(`no configuration variable ${name}`);
    const value = (parsed as Record<string, unknown>)[name] ?? defaultValue(declaration, get, mode);
    out.set(name, value);
    return value;
  };
  for (const v of CONFIG_VARIABLES) get(v.name);
  return Object.fromEntries(out) as Settings;
}
