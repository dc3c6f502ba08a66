import { shownDefault } from './variable.js';
import { CONFIG_VARIABLES } from './variables.js';

// Markdown would read <DATA_DIR> as an HTML tag, and a bare | as a column break.
const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('<', '&lt;');

/** The configuration table for the README, as Markdown: variable, default, description, secret. */
export function configVariablesMarkdown(): string {
  const rows = CONFIG_VARIABLES.map(
    (v) => `| \`${v.name}\` | ${cell(shownDefault(v))} | ${cell(v.description)} | ${v.secret ? 'yes' : ''} |`,
  );
  return ['| Variable | Default | Description | Secret |', '|---|---|---|---|', ...rows].join('\n');
}
