import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, readSources, type SourceText } from './architecture/graph.js';
import { checkArchitecture, ENTRY } from './architecture/rules.js';

const sources = readSources(resolve(import.meta.dirname, '../src'));

/** The real tree with planted files added: each control case must be caught. */
function planted(...extra: SourceText[]) {
  return checkArchitecture([...sources, ...extra]).map((f) => `${f.rule}/${f.kind}: ${f.detail}`);
}

describe('architecture, on the real import graph', () => {
  it('reads the whole tree, the package entry at its top', () => {
    expect(sources.some((s) => s.path.startsWith('core/'))).toBe(true);
    expect(sources.filter((s) => !s.path.includes('/')).map((s) => s.path)).toEqual([ENTRY]);
    expect(importGraph(sources).length).toBeGreaterThan(500);
  });

  it('keeps every rule: layers, what each layer may reach at all, packages, no import circles, no I/O in core', () => {
    expect(checkArchitecture(sources)).toEqual([]);
  });
});

describe('the architecture check itself (planted violations it must catch)', () => {
  it('catches the simulator reaching the client through a file in between', () => {
    const found = planted(
      { path: 'sim/planted.ts', text: "import { helper } from '../core/wire/planted-bridge.js';" },
      {
        path: 'core/wire/planted-bridge.ts',
        text: "export { createBrokerClient as helper } from '../client/index.js';",
      },
    );
    expect(found).toContain('reach/value: sim/planted.ts reaches core/client/index.ts');
  });

  it('catches a dynamic import across adapters, and a type-only one, each labelled by kind', () => {
    const found = planted(
      { path: 'mcp/planted.ts', text: "export const load = () => import('../discord/desk.js');" },
      {
        path: 'core/planted.ts',
        text: "import type { McpDeps } from '../mcp/deps.js';\nexport type X = McpDeps;",
      },
    );
    expect(found).toContain('layer/dynamic: mcp/planted.ts imports discord/desk.ts');
    expect(found).toContain('layer/type: core/planted.ts imports mcp/deps.ts');
  });

  it('catches the web adapter reaching another adapter, and an adapter reaching the web one', () => {
    const found = planted(
      {
        path: 'web/planted.ts',
        text: "import { MCP_PATH } from '../mcp/transports/http.js';\nexport const p = MCP_PATH;",
      },
      { path: 'discord/planted.ts', text: "export const load = () => import('../web/sign-in-server.js');" },
    );
    expect(found).toContain('layer/value: web/planted.ts imports mcp/transports/http.ts');
    expect(found).toContain('layer/dynamic: discord/planted.ts imports web/sign-in-server.ts');
  });

  it('catches a core folder importing one beside or above it, even for a type, and a core folder on no floor', () => {
    const found = planted(
      {
        path: 'core/domain/planted.ts',
        text: "import type { Ticket } from '../gate/index.js';\nexport type X = Ticket;",
      },
      {
        path: 'core/orders/planted.ts',
        text: "import { checkOrder } from '../checks/index.js';\nexport const o = checkOrder;",
      },
      {
        path: 'core/planted-room/x.ts',
        text: "import { EXCHANGES } from '../vocabulary/index.js';\nexport const x = EXCHANGES;",
      },
      {
        path: 'core/gate/planted.ts',
        text: "import { EXCHANGES } from '../vocabulary/index.js';\nexport const g = EXCHANGES;",
      },
    );
    expect(found).toContain(
      'core-floor/type: core/domain/planted.ts imports core/gate/index.ts (core/gate is not on a floor below core/domain)',
    );
    expect(found).toContain(
      'core-floor/value: core/orders/planted.ts imports core/checks/index.ts (core/checks is not on a floor below core/orders)',
    );
    expect(found).toContain('core-floor/text: core/planted-room/x.ts is on no floor of core');
    expect(found.filter((f) => f.includes('core/gate/planted.ts'))).toEqual([]);
  });

  it('catches an import circle, a foreign package and I/O in core; ignores imports written in comments', () => {
    const found = planted(
      { path: 'core/planted-a.ts', text: "import { b } from './planted-b.js';\nexport const a = () => b;" },
      { path: 'core/planted-b.ts', text: "import { a } from './planted-a.js';\nexport const b = () => a;" },
      { path: 'core/planted-c.ts', text: "import chalk from 'chalk';\nconsole.log(chalk);" },
      { path: 'mcp/planted-d.ts', text: "// import { x } from '../discord/desk.js';\nexport const d = 1;" },
    );
    expect(found).toContain('cycle/cycle: run-time import circle: core/planted-a.ts ↔ core/planted-b.ts');
    expect(found).toContain('package/value: core/planted-c.ts imports package chalk');
    expect(found).toContain('core-io/text: core/planted-c.ts reads process.env or writes stdout');
    expect(found.filter((f) => f.includes('planted-d'))).toEqual([]);
  });
});
