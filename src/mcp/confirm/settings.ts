import type { ConfirmSettings } from '../deps.js';
import type { ConfirmationPath } from '../schemas/ticket.js';

/** What the server knows when a placement call arrives. */
export interface PathFacts {
  readonly canElicit: boolean;
  /** The client shows MCP Apps, so its person can decide on the order card. */
  readonly hasApp?: boolean;
  readonly hasChannel: boolean;
  /** Whether the client opens links (URL-mode elicitation) and the web desk runs. */
  readonly canLink?: boolean;
  readonly hasWebDesk?: boolean;
  readonly broker: 'paper' | 'live';
}

/** Whether a model may confirm tickets with `confirm_order` (so whether that tool is registered at all). */
export function toolConfirmEnabled(settings: ConfirmSettings, broker: 'paper' | 'live'): boolean {
  if (settings.mode === 'tool') return broker === 'paper' || settings.allowToolConfirmLive;
  return settings.mode === 'auto' && broker === 'paper';
}

/**
 * The confirmation path for one call: the configured one, or for `auto` elicitation when the client
 * supports it, else the approval channel, else tool confirmation on the paper broker; `none` refuses.
 * Where the person at the client confirms (`auto`, `elicit`), a client that shows MCP Apps gets the order
 * card instead of the form.
 */
export function choosePath(settings: ConfirmSettings, facts: PathFacts): ConfirmationPath {
  switch (settings.mode) {
    case 'elicit':
      if (facts.hasApp) return 'app';
      return facts.canElicit ? 'elicitation' : 'none';
    case 'web':
      // A client that cannot open links keeps the form.
      if (facts.canLink === true && facts.hasWebDesk === true) return 'web';
      return facts.canElicit ? 'elicitation' : 'none';
    case 'discord':
      return facts.hasChannel ? 'discord' : 'none';
    case 'tool':
      return toolConfirmEnabled(settings, facts.broker) ? 'tool' : 'none';
    case 'auto':
      if (facts.hasApp) return 'app';
      if (facts.canElicit) return 'elicitation';
      if (facts.hasChannel) return 'discord';
      return toolConfirmEnabled(settings, facts.broker) ? 'tool' : 'none';
  }
}

/** Why the server cannot start with these settings, or undefined when it can. */
export function confirmationProblem(
  settings: ConfirmSettings,
  facts: Omit<PathFacts, 'canElicit' | 'canLink'>,
): string | undefined {
  if (settings.mode === 'discord' && !facts.hasChannel) {
    return (
      'OMSDESK_CONFIRM=discord needs the Discord approver, which runs only in omsdesk serve with Discord configured ' +
      '(DISCORD_TOKEN, DISCORD_APPLICATION_ID, DISCORD_GUILD_ID, OMSDESK_DISCORD_APPROVERS, OMSDESK_DISCORD_APPROVALS_CHANNEL): ' +
      'configure it, or use OMSDESK_CONFIRM=auto or elicit (or tool with the paper broker)'
    );
  }
  if (settings.mode === 'web' && facts.hasWebDesk === false) {
    return 'OMSDESK_CONFIRM=web sends people a link to the web desk, which runs only in omsdesk serve with OMSDESK_PUBLIC_URL and a people file: set them, or use OMSDESK_CONFIRM=auto or elicit';
  }
  if (settings.mode === 'tool' && !toolConfirmEnabled(settings, facts.broker)) {
    return 'OMSDESK_CONFIRM=tool lets a model confirm its own orders; against a live broker it needs OMSDESK_ALLOW_TOOL_CONFIRM_LIVE=true';
  }
  return undefined;
}

/** The refusal text when no human can be asked: what is missing and how to enable a path. */
export function noPathMessage(settings: ConfirmSettings, facts: PathFacts): string {
  const missing: string[] = [];
  if (!facts.canElicit) missing.push('this MCP client does not support elicitation (a confirmation form)');
  if (settings.mode !== 'elicit' && !facts.hasChannel)
    missing.push('no Discord approval channel is configured');
  if ((settings.mode === 'auto' || settings.mode === 'tool') && !toolConfirmEnabled(settings, facts.broker)) {
    missing.push('tool confirmation is off against a live broker');
  }
  const why =
    missing.length > 0
      ? `${missing.join('; ')} (OMSDESK_CONFIRM=${settings.mode})`
      : `OMSDESK_CONFIRM=${settings.mode}`;
  return (
    `${why}. To enable a confirmation path: use an MCP client with elicitation support (for example Claude Code or VS Code), ` +
    'or run the Discord approver with OMSDESK_CONFIRM=discord, or on the paper broker set OMSDESK_CONFIRM=tool ' +
    '(against a live broker also OMSDESK_ALLOW_TOOL_CONFIRM_LIVE=true)'
  );
}
