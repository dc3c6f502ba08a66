import { readdir, readFile, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import type { Client as ModernClient } from '@modelcontextprotocol/client';
import type { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { approvalsChannel } from '../../src/cli/approvals-channels.js';
import { type MountedSignIn, mountSignIn } from '../../src/cli/sign-in.js';
import type { CallRoute, InstrumentRef } from '../../src/core/client/index.js';
import { type GatePeople, withdrawWhenEnded } from '../../src/core/gate/index.js';
import {
  openPeopleDirectory,
  type PeopleDirectory,
  type Person,
  TokenStore,
  tokenFiles,
} from '../../src/core/people/index.js';
import { OrderWatcher } from '../../src/core/watcher/index.js';
import type { DeskPeople } from '../../src/discord/deps.js';
import type { ConfirmMode, ConfirmTimings } from '../../src/mcp/deps.js';
import { createMcpService, type McpService } from '../../src/mcp/server.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/transports/http.js';
import { type DeskHarness, startDesk, textOf } from '../discord/harness.js';
import type { FakeUser } from '../fakes/discord/ids.js';
import type { InteractionRecord } from '../fakes/discord/server.js';
import { recordingLogger } from '../helpers/logs.js';
import { depsFor } from '../mcp/harness.js';
import { connect } from '../mcp/http-client.js';
import { type ModernPerson, modernClient } from '../mcp/modern-harness.js';

/** The team's Discord users: each linked to a person below, but Zed, who is in no people file. */
export const ASHA_U: FakeUser = { id: '1200000000000000201', username: 'asha', roles: [] };
export const VIK_U: FakeUser = { id: '1200000000000000202', username: 'vik', roles: [] };
export const RAVI_U: FakeUser = { id: '1200000000000000203', username: 'ravi', roles: [] };
export const MEENA_U: FakeUser = { id: '1200000000000000204', username: 'meena', roles: [] };
export const UMA_U: FakeUser = { id: '1200000000000000206', username: 'uma', roles: [] };
export const ZED_U: FakeUser = { id: '1200000000000000205', username: 'zed', roles: [] };

/** Two traders (Asha with her own caps), two approvers and a viewer. */
export const TEAM: Person[] = [
  { id: 'asha', role: 'trader', discord: ASHA_U.id, maxDailyOrders: 3 },
  { id: 'vik', role: 'trader', discord: VIK_U.id },
  { id: 'ravi', role: 'approver', discord: RAVI_U.id },
  { id: 'uma', role: 'approver', discord: UMA_U.id },
  { id: 'meena', role: 'viewer', discord: MEENA_U.id },
];

export interface TeamOptions {
  /** Sign-in on (a public URL on loopback): Discord's sign-in on the fake, and `/oauth/mcp`. */
  readonly signIn?: {
    readonly fetch?: (url: string | URL, init: RequestInit) => Promise<Response>;
    /** The web desk on the same sign-in, an approvals channel beside Discord's (or alone, `discordApprovals: false`). */
    readonly desk?: { readonly discordApprovals?: boolean };
  };
  readonly people?: readonly Person[];
  readonly fourEyes?: boolean;
  readonly confirm?: ConfirmMode;
  /** The broker behind a counting proxy that can hold requests (`d.g.proxy`). */
  readonly proxy?: boolean;
  /** The MCP server's confirmation timings (a short wait for approvers). */
  readonly timings?: ConfirmTimings;
  /** OMSDESK_ policy variables (caps). */
  readonly env?: Record<string, string>;
  /** false: MCP is served without the Discord approvals channel, as `omsdesk mcp --http` serves it. */
  readonly cards?: boolean;
}

/**
 * A team's desk in one process, as `omsdesk serve` runs it with a people file: the real discord.js bot on
 * the fake Discord, and MCP over HTTP on loopback for the real SDK clients, both on one gate over a paper
 * broker; the people file and the token journal in the data dir, read on every request.
 */
export interface Team {
  readonly d: DeskHarness;
  readonly http: HttpHandle;
  readonly service: McpService;
  readonly directory: PeopleDirectory;
  readonly file: string;
  /** Sign-in, when the team runs with it. */
  readonly signIn?: MountedSignIn;
  /** The web desk's order watcher (a test looks with `poll`), when the team runs the desk. */
  readonly watcher?: OrderWatcher;
  /** What sign-in logged (its refusals among them). */
  readonly logs: string[];
  /** The lanes and askers the desk's and the MCP server's reads were queued under, in order. */
  readonly routes: CallRoute[];
  /** Issues a token for a person as `omsdesk token issue` does (another writer of the journal). */
  issue(person: string, days?: number): Promise<{ id: string; token: string }>;
  /** Revokes a token as `omsdesk token revoke` does. */
  revoke(id: string): Promise<void>;
  /** Rewrites the people file while everything runs. */
  writePeople(people: readonly Person[]): Promise<void>;
  /** A 2025-11-25 session (the v1 SDK client) with a bearer token; `elicit` answers forms with yes. */
  legacy(token: string | undefined, elicit?: boolean): Promise<LegacyClient>;
  /** The v2 SDK client on 2026-07-28 with a bearer token; `person` answers its forms. */
  modern(token: string | undefined, person?: ModernPerson): Promise<ModernClient>;
  /** What a Discord interaction's reply says, and whether only its person saw it. */
  answer(rec: InteractionRecord): Promise<{ text: string; privately: boolean }>;
  /** Every file of the data dir, and its bytes. */
  dataFiles(): Promise<Array<{ path: string; bytes: Buffer }>>;
  close(): Promise<void>;
}

/** Discord's flag for a message only its person sees. */
const EPHEMERAL = 64;

const peopleText = (people: readonly Person[]): string => `${JSON.stringify({ people }, null, 2)}\n`;

export async function startTeam(o: TeamOptions = {}): Promise<Team> {
  const fourEyes = o.fourEyes ?? true;
  let directory: PeopleDirectory | undefined;
  const ready = (): PeopleDirectory => {
    if (directory === undefined) throw new Error('the people directory is not open yet');
    return directory;
  };
  // The gate and the desk are made first; they reach the directory only once it is open.
  const gatePeople: GatePeople = {
    fourEyes,
    person: (id) => directory?.known(id),
    credentialActive: (id) => directory?.credentialActive(id) ?? false,
    refresh: async () => directory?.refresh(),
  };
  const deskPeople: DeskPeople = {
    byDiscord: (id) => ready().byDiscord(id),
    get own() {
      return ready().own;
    },
  };
  const routes: CallRoute[] = [];
  const recording = <C extends { as(route: CallRoute): unknown }>(client: C): C => ({
    ...client,
    as: (route: CallRoute) => {
      routes.push(route);
      return client.as(route);
    },
  });
  const d = await startDesk({
    fourEyes,
    gate: { people: gatePeople, ...(o.proxy ? { proxy: true } : {}) },
    people: deskPeople,
    reads: recording,
    ...(o.env ? { env: o.env } : {}),
  });
  const file = join(d.g.dataDir, 'people.json');
  await writeFile(file, peopleText(o.people ?? TEAM));
  directory = await openPeopleDirectory({ file, dataDir: d.g.dataDir, audit: d.g.audit, clock: d.g.clock });
  const stopWithdrawing = withdrawWhenEnded(d.g.gate, directory);
  const people = { directory, fourEyes };
  const { logger, logs } = recordingLogger();
  const deskOptions = o.signIn?.desk;
  const watcher =
    deskOptions === undefined
      ? undefined
      : new OrderWatcher({
          broker: d.g.client,
          clock: d.g.clock,
          statePath: join(d.g.dataDir, 'desk-watcher.json'),
        });
  const port = o.signIn === undefined ? 0 : await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const signIn =
    o.signIn === undefined
      ? undefined
      : await mountSignIn(
          {
            publicUrl,
            discord: {
              applicationId: d.fake.oauth.applicationId,
              clientSecret: d.fake.oauth.clientSecret,
              authorizeUrl: d.fake.authorizeUrl,
              apiUrl: d.fake.api,
            },
          },
          {
            dataDir: d.g.dataDir,
            people: directory,
            logger,
            ...(o.signIn.fetch === undefined ? {} : { fetch: o.signIn.fetch }),
            ...(watcher === undefined
              ? {}
              : {
                  desk: {
                    gate: d.g.gate,
                    orders: watcher,
                    audit: d.g.audit,
                    quote: (ref: InstrumentRef) => d.g.client.getQuote(ref),
                    fourEyes,
                  },
                }),
          },
        );
  const channel =
    deskOptions === undefined
      ? o.cards === false
        ? undefined
        : d.desk.approvals
      : approvalsChannel(
          signIn?.signIn.desk?.approvals,
          deskOptions.discordApprovals === false ? undefined : d.desk.approvals,
          logger,
        );
  const service = createMcpService({
    ...depsFor(d.g, {
      confirm: o.confirm ?? 'auto',
      ...(channel === undefined ? {} : { approvalChannel: channel }),
      ...(o.timings === undefined ? {} : { timings: o.timings }),
    }),
    ...(signIn?.signIn.desk === undefined
      ? {}
      : { webDesk: { ticketUrl: (id: string) => `${publicUrl}/tickets/${id}` } }),
    client: recording(d.g.client),
    people,
  });
  const http = await startHttpServer({
    host: '127.0.0.1',
    port,
    allowedOrigins: signIn === undefined ? [] : [publicUrl],
    service,
    people: directory,
    logger,
    ...(signIn === undefined ? {} : { oauth: signIn.oauth, sideRoutes: signIn.routes() }),
  });
  const cli = new TokenStore(tokenFiles(d.g.dataDir).journal);
  const operator = { channel: 'cli', id: 'operator' } as const;
  const clients: Array<{ close(): Promise<void> }> = [];
  const bearer = (token: string | undefined) =>
    token === undefined ? {} : { authorization: `Bearer ${token}` };
  return {
    d,
    http,
    service,
    directory,
    file,
    ...(signIn === undefined ? {} : { signIn }),
    ...(watcher === undefined ? {} : { watcher }),
    logs,
    routes,
    issue: (person, days = 90) => cli.issue(person, days, operator, d.g.clock.now()),
    async revoke(id) {
      await cli.revoke(id, operator, d.g.clock.now());
    },
    writePeople: (list) => writeFile(file, peopleText(list)),
    async legacy(token, elicit = false) {
      const { client } = await connect(http.url, bearer(token), elicit);
      clients.push(client);
      return client;
    },
    async modern(token, person) {
      const client = await modernClient(http.url, person, bearer(token));
      clients.push(client);
      return client;
    },
    async answer(rec) {
      const reply = await d.fake.reply(rec);
      return {
        text: textOf(reply),
        privately: ((rec.acks[0]?.data.flags as number) & EPHEMERAL) === EPHEMERAL,
      };
    },
    async dataFiles() {
      const entries = await readdir(d.g.dataDir, { withFileTypes: true, recursive: true });
      const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
      return Promise.all(files.map(async (path) => ({ path, bytes: await readFile(path) })));
    },
    async close() {
      for (const client of clients.reverse()) await client.close().catch(() => undefined);
      stopWithdrawing();
      await http.close();
      await signIn?.signIn.close();
      watcher?.close();
      service.close();
      await directory?.close();
      await d.close();
    },
  };
}

/** A port free on loopback now, for a server whose public URL must be known before it listens. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
