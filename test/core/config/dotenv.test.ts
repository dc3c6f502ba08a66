import { describe, expect, it } from 'vitest';
import { parseDotenv } from '../../../src/core/config/index.js';
import { config, problems } from './helpers.js';

describe('.env parsing', () => {
  it('reads KEY=VALUE lines, comments, export and quotes', () => {
    const text = [
      '# a comment',
      'PLAIN=value',
      'SPACED = padded value  ',
      'export EXPORTED=yes',
      'INLINE=abc # trailing comment',
      'HASH=abc#not-a-comment',
      'DOUBLE="two words # kept"',
      "SINGLE='literal \\n $HOME'",
      'ESCAPED="line1\\nline2\\t\\"q\\" \\\\"',
      'EMPTY=',
      'QUOTED_EMPTY=""',
      '   INDENTED=ok',
    ].join('\n');
    expect(parseDotenv(text)).toEqual({
      values: {
        PLAIN: 'value',
        SPACED: 'padded value',
        EXPORTED: 'yes',
        INLINE: 'abc',
        HASH: 'abc#not-a-comment',
        DOUBLE: 'two words # kept',
        SINGLE: 'literal \\n $HOME',
        ESCAPED: 'line1\nline2\t"q" \\',
        EMPTY: '',
        QUOTED_EMPTY: '',
        INDENTED: 'ok',
      },
      problems: [],
    });
  });

  it('reads CRLF, a BOM, multi-line double quotes, and lets later keys win', () => {
    const text = '\uFEFFA=1\r\nB="first\nsecond"\r\nA=2\r\n';
    expect(parseDotenv(text)).toEqual({ values: { A: '2', B: 'first\nsecond' }, problems: [] });
  });

  it('reports unreadable lines by number without repeating them', () => {
    const text = 'GOOD=1\nthis line has no equals sign hunter2\nBAD="never closed\nAFTER=1';
    const result = parseDotenv(text);
    expect(result.values).toEqual({ GOOD: '1' });
    expect(result.problems).toEqual([
      { line: 2, message: 'expected KEY=VALUE' },
      { line: 3, message: 'BAD: the double quote is never closed' },
    ]);
    expect(JSON.stringify(result.problems)).not.toContain('hunter2');
  });

  it('feeds the configuration, with the environment winning over the file', () => {
    const dotenv = 'OMSDESK_LOG_LEVEL=debug\nOMSDESK_MCP_PORT=9000\nexport OMSDESK_SIM_SEED="7"\n';
    const c = config({ OMSDESK_MCP_PORT: '9100' }, dotenv);
    expect(c.log.level).toBe('debug');
    expect(c.mcp.port).toBe(9100);
    expect(c.sim.seed).toBe(7);
  });

  it('reports .env problems together with variable problems', () => {
    expect(problems({ OMSDESK_SIM_SEED: 'x' }, 'oops\nOMSDESK_LOG_LEVEL=loud')).toEqual([
      '.env line 1: expected KEY=VALUE',
      'OMSDESK_SIM_SEED: expected a whole number, got "x"',
      'OMSDESK_LOG_LEVEL: expected one of debug, info, warn, error, got "loud"',
    ]);
  });
});
