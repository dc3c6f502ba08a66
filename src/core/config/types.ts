import type { TradingPolicy } from '../checks/index.js';
import type { Freshness } from '../client/shared-reads.js';
import type { Exchange, Product } from '../vocabulary/index.js';
import type { API_GENERATIONS, CONFIRM_MODES, LOG_FORMATS, LOG_LEVELS, SIM_HOURS } from './choices.js';

/** Whatever the broker's login may need; each field is present only when configured. */
export interface BrokerCredentials {
  readonly userId?: string;
  /** Sent as `actid` when set; otherwise the account the login answers with. */
  readonly accountId?: string;
  readonly password?: string;
  readonly apiKey?: string;
  readonly vendorCode?: string;
  /** Base32 TOTP secret (second-generation login). */
  readonly totpSecret?: string;
  /** Date of birth or PAN (first-generation login). */
  readonly dobOrPan?: string;
}

/** Credentials of a live broker: the ones every login needs are guaranteed; the generation's factor too. */
export interface LiveCredentials extends BrokerCredentials {
  readonly userId: string;
  readonly password: string;
  readonly apiKey: string;
  readonly vendorCode: string;
}

interface BrokerCommon {
  readonly generation: (typeof API_GENERATIONS)[number];
  readonly timeouts: { readonly requestMs: number; readonly connectMs: number };
  /** How long people are given an answer already read, per kind, in milliseconds (0: never). */
  readonly freshness: Freshness;
  /** A master CSV to load instead of the broker's own instrument list. */
  readonly instrumentsFile?: string;
  /** Where the broker publishes its instrument masters: a base URL or a directory. */
  readonly instrumentsUrl?: string;
}

/** No broker URL: the embedded paper broker. */
export interface PaperBrokerConfig extends BrokerCommon {
  readonly mode: 'paper';
  readonly credentials: BrokerCredentials;
}

/** A broker URL: the live service. */
export interface LiveBrokerConfig extends BrokerCommon {
  readonly mode: 'live';
  readonly url: string;
  readonly credentials: LiveCredentials;
}

export type BrokerConfig = PaperBrokerConfig | LiveBrokerConfig;

/** The paper broker. */
export interface SimConfig {
  readonly seed: number;
  readonly hours: (typeof SIM_HOURS)[number];
  /** Where accounts and orders persist; in memory when absent. */
  readonly statePath?: string;
  /** 0: any free port. */
  readonly port: number;
}

/** The trading policy the pre-trade checks enforce, with every cap set. */
export interface PolicyConfig extends TradingPolicy {
  readonly maxOrderValue: number;
  readonly maxOrderQuantity: number;
  readonly maxDailyOrders: number;
  readonly maxDailyValue: number;
  readonly allowedExchanges: readonly Exchange[];
  readonly allowedProducts: readonly Product[];
  readonly killSwitchFile: string;
  /** `OMSDESK_HALT_CANCELS`: whether a halt also cancels every working order, unless its asker says. */
  readonly haltCancels: boolean;
}

/** The order gate. */
export interface GateConfig {
  readonly confirm: (typeof CONFIRM_MODES)[number];
  readonly allowToolConfirmLive: boolean;
  readonly ticketTtlSeconds: number;
  readonly maxPriceDriftPct: number;
  readonly maxPriceDriftTicks: number;
  /** The order watcher's pace during the session, in milliseconds. */
  readonly watchIntervalMs: number;
}

/** The MCP server. */
export interface McpConfig {
  readonly host: string;
  readonly port: number;
  /** Bearer token clients must send; always present when the host is not loopback. */
  readonly token?: string;
  readonly allowedOrigins: readonly string[];
}

/** The small HTTP server of probes and metrics `omsdesk discord` runs when a port is set. */
export interface HealthConfig {
  readonly host: string;
  /** Absent: no health server. */
  readonly port?: number;
}

/** The Discord desk; present only when `DISCORD_TOKEN` is set. */
export interface DiscordConfig {
  /** The bot token: a secret. */
  readonly token: string;
  readonly applicationId: string;
  /** The one server the bot serves. */
  readonly guildId: string;
  /** REST base without the version (`https://discord.com/api`). */
  readonly apiUrl: string;
  /** User ids and role ids allowed to approve; empty makes the desk read-only. */
  readonly approvers: readonly string[];
  readonly approvalsChannel?: string;
  readonly monitorChannel?: string;
  /** The requester of an order may not approve it. */
  readonly fourEyes: boolean;
}

/** The people file, present when one exists at start (then the people's roles and personal tokens rule). */
export interface PeopleConfig {
  /** Re-read when it changes, while running. */
  readonly file: string;
  /** Who runs `omsdesk mcp` on stdio (`OMSDESK_PERSON`). */
  readonly person?: string;
  /** `OMSDESK_DISCORD_FOUR_EYES`: no requester approves their own ticket, whichever way they came in. */
  readonly fourEyes: boolean;
}

/** Discord sign-in for the web pages and OAuth: the application and where Discord answers. */
export interface DiscordSignInConfig {
  readonly applicationId: string;
  /** The application's OAuth2 client secret: a secret. */
  readonly clientSecret: string;
  /** Discord's authorize page. */
  readonly authorizeUrl: string;
  /** REST base without the version: the token exchange and `/users/@me`. */
  readonly apiUrl: string;
}

/** Sign-in (`OMSDESK_PUBLIC_URL`): the OAuth authorization server of `/oauth/mcp`, and the web pages. */
export interface SignInConfig {
  /** The origin clients reach, without a trailing slash: the issuer. */
  readonly publicUrl: string;
  /** Absent: people sign in with a personal token only. */
  readonly discord?: DiscordSignInConfig;
}

/** The whole product's configuration, parsed once by the CLI and passed down. */
export interface Config {
  readonly dataDir: string;
  readonly broker: BrokerConfig;
  readonly sim: SimConfig;
  readonly policy: PolicyConfig;
  readonly gate: GateConfig;
  /** The audit log, and the key of its anchor (the CLI picks a place in the home directory when unset). */
  readonly audit: { readonly path: string; readonly keyFile?: string };
  readonly mcp: McpConfig;
  readonly health: HealthConfig;
  readonly discord?: DiscordConfig;
  readonly people?: PeopleConfig;
  readonly signIn?: SignInConfig;
  readonly log: {
    readonly level: (typeof LOG_LEVELS)[number];
    /** Absent: the CLI picks JSON unless stderr is a terminal. */
    readonly format?: (typeof LOG_FORMATS)[number];
  };
  /** Things worth telling the user that do not stop the start (an unknown OMSDESK_ variable). */
  readonly warnings: readonly string[];
}
