import { resolve } from 'node:path';
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';
import { readSources, type SourceText } from '../architecture/graph.js';

const WEEKDAY = /^(Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday)$/;
const CANDIDATE = /(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day['"`]|09:15-15:30|\* 60 \+|\b(9|15),\s*(15|30)\b/;
const HOME = 'core/vocabulary/calendar.ts';

/**
 * Where a file spells out what core's vocabulary says once: a weekday's name as a string of its own, the
 * session's times in text (`09:15-15:30`), as minutes (`9 * 60 + 15`) or as an hour and a minute passed
 * to a call (`istTime(day, 15, 30)`). Comments are not code and may say them.
 */
function restated(source: SourceText): string[] {
  // Only a file that could say them is parsed.
  if (!CANDIDATE.test(source.text)) return [];
  const file = ts.createSourceFile(source.path, source.text, ts.ScriptTarget.Latest);
  const found: string[] = [];
  const at = (node: ts.Node, what: string): void => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    found.push(`${source.path}:${line} ${what}`);
  };
  const number = (node: ts.Node | undefined): number | undefined =>
    node !== undefined && ts.isNumericLiteral(node) ? Number(node.text) : undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      if (WEEKDAY.test(node.text)) at(node, `a weekday's name: ${node.text}`);
      if (node.text.includes('09:15-15:30')) at(node, 'the session in text');
    }
    if (/^(9|15) \* 60 \+ (15|30)$/.test(node.getText(file)) && ts.isBinaryExpression(node))
      at(node, `the session in minutes: ${node.getText(file)}`);
    if (ts.isCallExpression(node)) {
      const args = node.arguments.map(number);
      for (let i = 0; i + 1 < args.length; i++) {
        const pair = `${args[i]}:${args[i + 1]}`;
        if (pair === '9:15' || pair === '15:30') at(node, `the session as an hour and a minute: ${pair}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const sources = readSources(resolve(import.meta.dirname, '../../src'));
const elsewhere = (files: SourceText[]) => files.filter((s) => s.path !== HOME).flatMap(restated);

describe('the calendar said once, in core/vocabulary', () => {
  it('names the weekdays and the session times nowhere else: the checks, the desk and the paper broker take them', () => {
    expect(sources.some((s) => s.path === HOME)).toBe(true);
    expect(sources.some((s) => s.path.startsWith('sim/'))).toBe(true);
    expect(elsewhere(sources)).toEqual([]);
  });

  it('finds each way of saying them again (planted)', () => {
    const planted: SourceText[] = [
      { path: 'discord/planted-days.ts', text: "export const D = ['Sunday', 'Monday'];" },
      { path: 'sim/planted-minutes.ts', text: 'export const OPEN = 9 * 60 + 15;' },
      { path: 'sim/planted-call.ts', text: 'export const close = (d: number) => istTime(d, 15, 30);' },
      { path: 'mcp/planted-text.ts', text: 'export const t = `open 09:15-15:30 IST`;' },
      {
        path: 'core/planted-comment.ts',
        text: '/** Monday to Friday, 09:15-15:30 IST. */\nexport const c = 1;',
      },
    ];
    expect(elsewhere(planted).map((f) => f.split(':')[0])).toEqual([
      'discord/planted-days.ts',
      'discord/planted-days.ts',
      'sim/planted-minutes.ts',
      'sim/planted-call.ts',
      'mcp/planted-text.ts',
    ]);
  });
});
