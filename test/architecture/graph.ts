import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript-api';

/** How one file uses another: at run time (`value`), for types only (`type`), or loaded on demand (`dynamic`). */
export type EdgeKind = 'value' | 'type' | 'dynamic';

/** One import: from a source file to another (`internal`, a path under src) or to a package. */
export interface Edge {
  readonly from: string;
  readonly kind: EdgeKind;
  readonly internal?: string;
  readonly pkg?: string;
}

/** A source file as the checks see it: its path under src and its text. */
export interface SourceText {
  readonly path: string;
  readonly text: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every `.ts` file under `root`, with paths relative to it. */
export function readSources(root: string): SourceText[] {
  return walk(root).map((full) => ({
    path: relative(root, full).split('\\').join('/'),
    text: readFileSync(full, 'utf8'),
  }));
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (clause === undefined) return false; // `import './x.js'` runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** Where an import points: a path under src (`.js` written for `.ts`, folders to their index), or a package. */
function target(from: string, spec: string, known: ReadonlySet<string>): Pick<Edge, 'internal' | 'pkg'> {
  if (!spec.startsWith('.')) {
    const parts = spec.split('/');
    return { pkg: spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec) };
  }
  const abs = resolve('/', dirname(from), spec).slice(1);
  const candidates = [abs.replace(/\.js$/, '.ts'), `${abs}.ts`, `${abs}/index.ts`];
  return { internal: candidates.find((c) => known.has(c)) ?? abs };
}

/** Every import of every file, read by the TypeScript parser (so comments and strings never count). */
export function importGraph(sources: readonly SourceText[]): Edge[] {
  const known = new Set(sources.map((s) => s.path));
  const edges: Edge[] = [];
  for (const source of sources) {
    const file = ts.createSourceFile(source.path, source.text, ts.ScriptTarget.Latest, false);
    const add = (spec: string, kind: EdgeKind): void => {
      edges.push({ from: source.path, kind, ...target(source.path, spec, known) });
    };
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
        if (ts.isStringLiteral(node.moduleSpecifier))
          add(node.moduleSpecifier.text, isTypeOnly(node) ? 'type' : 'value');
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] !== undefined &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        add(node.arguments[0].text, 'dynamic');
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const literal = node.argument.literal;
        if (ts.isStringLiteral(literal)) add(literal.text, 'type');
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return edges;
}

/** The files each file reaches through imports of the given kinds, itself excluded. */
export function reachable(edges: readonly Edge[], kinds: readonly EdgeKind[]): Map<string, Set<string>> {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (e.internal === undefined || !kinds.includes(e.kind)) continue;
    next.set(e.from, [...(next.get(e.from) ?? []), e.internal]);
  }
  const out = new Map<string, Set<string>>();
  for (const start of new Set(edges.map((e) => e.from))) {
    const seen = new Set<string>();
    const stack = [...(next.get(start) ?? [])];
    while (stack.length > 0) {
      const file = stack.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(next.get(file) ?? []));
    }
    seen.delete(start);
    out.set(start, seen);
  }
  return out;
}

/** Groups of files that import each other in a circle at run time (each group listed once, sorted). */
export function importCycles(edges: readonly Edge[]): string[][] {
  const reach = reachable(edges, ['value']);
  const cycles = new Map<string, string[]>();
  for (const [file, reached] of reach) {
    if (!reached.has(file)) continue;
  }
  for (const [file, reached] of reach) {
    const members = [...reached]
      .filter((other) => reach.get(other)?.has(file))
      .concat(file)
      .sort();
    if (members.length > 1) cycles.set(members.join(' '), members);
  }
  return [...cycles.values()];
}
