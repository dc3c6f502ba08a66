/** What a `.env` file held, and the lines that could not be read (by number only: a line may hold a secret). */
export interface DotenvResult {
  readonly values: Record<string, string>;
  readonly problems: ReadonlyArray<{ readonly line: number; readonly message: string }>;
}

const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s?(.*)$/;
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/**
 * Parses `.env` text: `KEY=VALUE` lines, `#` comments (whole lines, or after a space in unquoted
 * values), an optional `export `, single quotes taken literally, double quotes with `\n`, `\t`, `\"`
 * and `\\` escapes (and line breaks inside them). No variable expansion. Later keys win.
 */
export function parseDotenv(text: string): DotenvResult {
  const values: Record<string, string> = {};
  const problems: Array<{ line: number; message: string }> = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const match = ASSIGNMENT.exec(line);
    if (!match) {
      problems.push({ line: i + 1, message: 'expected KEY=VALUE' });
      continue;
    }
    const key = match[1] ?? '';
    const rest = (match[2] ?? '').trimStart();
    const quote = rest[0];
    if (quote !== '"' && quote !== "'") {
      const comment = rest.search(/\s#/);
      values[key] = (comment >= 0 ? rest.slice(0, comment) : rest).trim();
      continue;
    }
    // A quoted value may run over several lines until its closing quote.
    const start = i;
    let body = rest.slice(1);
    let end = closingQuote(body, quote);
    while (end < 0 && i + 1 < lines.length) {
      i += 1;
      body += `\n${lines[i] ?? ''}`;
      end = closingQuote(body, quote);
    }
    if (end < 0) {
      problems.push({
        line: start + 1,
        message: `${key}: the ${quote === '"' ? 'double' : 'single'} quote is never closed`,
      });
      continue;
    }
    const after = body.slice(end + 1).trim();
    if (after !== '' && !after.startsWith('#')) {
      problems.push({ line: i + 1, message: `${key}: unexpected text after the closing quote` });
      continue;
    }
    const raw = body.slice(0, end);
    values[key] = quote === '"' ? raw.replace(/\\(.)/g, (all, c: string) => ESCAPES[c] ?? all) : raw;
  }
  return { values, problems };
}

function closingQuote(body: string, quote: string): number {
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote === '"' && c === '\\') i += 1;
    else if (c === quote) return i;
  }
  return -1;
}
