import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningCommand, runCommand } from '../helpers/serve-child.js';
import { INIT } from '../mcp/http-client.js';
import { freePort } from '../people/harness.js';

const SECRET = 'sample-discord-client-secret-for-serve';

let dir: string;
let serve: RunningCommand | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-sign-in-serve-'));
  await mkdir(join(dir, 'data'));
  await writeFile(
    join(dir, 'data', 'people.json'),
    JSON.stringify({ people: [{ id: 'asha', role: 'trader', discord: '1200000000000000201' }] }),
  );
});
afterEach(async () => {
  await serve?.stop();
  serve = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('omsdesk serve with OMSDESK_PUBLIC_URL', () => {
  it('mounts sign-in beside /mcp: says the redirect to register in Discord, serves the metadata and challenges with it; never logs the client secret', async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    serve = await runCommand(
      ['serve'],
      {
        OMSDESK_DATA_DIR: join(dir, 'data'),
        OMSDESK_AUDIT_KEY_FILE: join(dir, 'keys', 'audit.key'),
        OMSDESK_MCP_PORT: String(port),
        OMSDESK_PUBLIC_URL: publicUrl,
        DISCORD_APPLICATION_ID: '1300000000000000001',
        DISCORD_CLIENT_SECRET: SECRET,
        OMSDESK_LOG_LEVEL: 'debug',
        OMSDESK_LOG_FORMAT: 'json',
      },
      /register (http\S+) as a redirect in the Discord Developer Portal/,
    );
    expect(serve.url).toBe(`${publicUrl}/sign-in/discord/callback`);
    const oauthMcp = `${publicUrl}/oauth/mcp`;
    const metadata = (await (await fetch(`${publicUrl}/.well-known/oauth-authorization-server`)).json()) as {
      issuer: string;
    };
    expect(metadata.issuer).toBe(publicUrl);
    const refused = await fetch(oauthMcp, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(INIT),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(
      `resource_metadata="${publicUrl}/.well-known/oauth-protected-resource/oauth/mcp"`,
    );
    expect(JSON.stringify(serve.logs)).not.toContain(SECRET);
  });
});
