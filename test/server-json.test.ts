import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { updatedServerJson } from '../scripts/server-json.js';
import { CONFIG_VARIABLES, SECRET_VARIABLES } from '../src/core/config/index.js';
import { ROOT } from './helpers/build.js';

const read = (file: string): unknown => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const manifest = read('package.json') as {
  name: string;
  version: string;
  mcpName: string;
  repository: { url: string };
};

/** A type, not an interface: it must fit ServerJson's open package shape. */
type Package = {
  readonly registryType: string;
  readonly identifier: string;
  readonly version: string;
  readonly transport: { readonly type: string; readonly url?: string };
  readonly packageArguments: ReadonlyArray<{ readonly type: string; readonly value: string }>;
  readonly environmentVariables: ReadonlyArray<{ readonly name: string; readonly isSecret?: boolean }>;
};
const server = read('server.json') as {
  version: string;
  $schema: string;
  name: string;
  description: string;
  repository: { url: string; source: string };
  packages: Package[];
};

describe('server.json, what the MCP registry lists', () => {
  it('names the npm package and version package.json publishes, under the name package.json claims', () => {
    expect(server.$schema).toBe(
      'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    );
    // The registry checks the npm package's mcpName against this name before it lists the server.
    expect(server.name).toBe(manifest.mcpName);
    expect(server.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(server.description.length).toBeLessThanOrEqual(100);
    expect(server.version).toBe(manifest.version);
    expect(manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')).toBe(server.repository.url);
    for (const p of server.packages) {
      expect(p).toMatchObject({ registryType: 'npm', identifier: manifest.name, version: manifest.version });
    }
  });

  it('describes both transports: `omsdesk mcp` on stdio and `omsdesk serve` over HTTP at its port', () => {
    const byTransport = Object.fromEntries(server.packages.map((p) => [p.transport.type, p]));
    expect(byTransport.stdio?.packageArguments.map((a) => a.value)).toEqual(['mcp']);
    const http = byTransport['streamable-http'];
    expect(http?.packageArguments.map((a) => a.value)).toEqual(['serve']);
    expect(http?.transport.url).toBe('http://127.0.0.1:{OMSDESK_MCP_PORT}/mcp');
    expect(http?.environmentVariables.map((v) => v.name)).toContain('OMSDESK_MCP_PORT');
  });

  it('lists only variables omsdesk reads, as declared (npm run docs:config rewrites them)', () => {
    const known = new Set<string>(CONFIG_VARIABLES.map((v) => v.name));
    for (const p of server.packages) {
      const names = p.environmentVariables.map((v) => v.name);
      expect(names.filter((n) => !known.has(n))).toEqual([]);
      expect(names).toEqual(
        expect.arrayContaining(['OMSDESK_BROKER_URL', 'OMSDESK_PASSWORD', 'OMSDESK_TOTP_SECRET']),
      );
      for (const v of p.environmentVariables) expect(v.isSecret === true).toBe(SECRET_VARIABLES.has(v.name));
    }
    expect(updatedServerJson(server, manifest)).toEqual(server);
  });
});
