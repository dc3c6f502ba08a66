import { isLoopback } from '../transport/loopback.js';
import type { ConfigProblem } from './errors.js';
import type { Parsed } from './settle.js';

/** Whether a broker URL was given at all (even one that failed to parse): the user means a live broker. */
export function wantsLive(raw: Readonly<Record<string, string | undefined>>): boolean {
  return (raw.OMSDESK_BROKER_URL ?? '').trim() !== '';
}

/**
 * Rules across variables: live credentials, the MCP token off loopback (unless a people file gives each
 * person a token of their own), tool approval against a live broker.
 */
export function crossRules(
  v: Parsed,
  raw: Readonly<Record<string, string | undefined>>,
  withPeople = false,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const live = wantsLive(raw);
  if (live) {
    const generation = v.OMSDESK_API_GENERATION ?? 'v2';
    const required = [
      'OMSDESK_USER_ID',
      'OMSDESK_PASSWORD',
      'OMSDESK_API_KEY',
      'OMSDESK_VENDOR_CODE',
      generation === 'v2' ? 'OMSDESK_TOTP_SECRET' : 'OMSDESK_DOB_OR_PAN',
    ] as const;
    for (const name of required) {
      // A value that failed its own check is already reported; do not call it missing too.
      if (v[name] === undefined && (raw[name] ?? '').trim() === '') {
        problems.push({
          variable: name,
          message: `required with a broker URL (OMSDESK_BROKER_URL is set, API generation ${generation})`,
        });
      }
    }
  }
  const host = v.OMSDESK_MCP_HOST;
  if (host !== undefined && !isLoopback(host) && v.OMSDESK_MCP_TOKEN === undefined && !withPeople) {
    if ((raw.OMSDESK_MCP_TOKEN ?? '').trim() === '') {
      problems.push({
        variable: 'OMSDESK_MCP_TOKEN',
        message: `required when OMSDESK_MCP_HOST (${host}) is not a loopback address: anyone on the network could reach the MCP server`,
      });
    }
  }
  if (live && v.OMSDESK_CONFIRM === 'tool' && v.OMSDESK_ALLOW_TOOL_CONFIRM_LIVE !== true) {
    problems.push({
      variable: 'OMSDESK_CONFIRM',
      message:
        'tool confirmation lets a model approve its own orders; against a live broker it needs OMSDESK_ALLOW_TOOL_CONFIRM_LIVE=true',
    });
  }
  return problems;
}
