import { shownDefault } from './variable.js';
import { CONFIG_VARIABLES } from './variables.js';

// Markdown would read <DATA_DIR> as an HTML tag, and a bare | as a column break.
const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('<', '&lt;');

/** The configuration table of docs/configuration.md, as Markdown: variable, default, description, secret. */
export function configVariablesMarkdown(): string {
  const rows = CONFIG_VARIABLES.map(
    (v) => `| \`${v.name}\` | ${cell(shownDefault(v))} | ${cell(v.description)} | ${v.secret ? 'yes' : ''} |`,
  );
  return ['| Variable | Default | Description | Secret |', '|---|---|---|---|', ...rows].join('\n');
}

const GROUP_TITLES = {
  broker: 'The broker (leave OMSDESK_BROKER_URL empty to use the embedded paper broker)',
  sim: 'The paper broker',
  policy: 'Trading policy: what the pre-trade checks allow',
  gate: 'The order gate, the order watcher and the audit log',
  people: 'People: who may read, ask for orders and approve (a people file), and personal tokens',
  mcp: 'The MCP server',
  discord: 'The Discord desk',
  log: 'Logging',
} as const;

/**
 * The text of `.env.example`: every variable, grouped, commented out with its default and what it does,
 * so a user copies the file to `.env` and uncomments what they change.
 */
export function configEnvExample(): string {
  const lines = [
    '# omsdesk configuration: copy to .env (or export the variables) and uncomment what you change.',
    '# The environment wins over .env. Generated from the declared variables: npm run docs:config.',
  ];
  let group = '';
  for (const v of CONFIG_VARIABLES) {
    if (v.group !== group) {
      group = v.group;
      lines.push('', `# ---- ${GROUP_TITLES[v.group]}`);
    }
    const secret = v.secret === true ? ' Secret: keep it out of version control.' : '';
    lines.push(`# ${v.description}${secret} Default: ${shownDefault(v)}.`, `# ${v.name}=`);
  }
  return `${lines.join('\n')}\n`;
}

/** One environment variable as an MCP registry's `server.json` describes it (its `KeyValueInput`). */
export interface RegistryVariable {
  readonly name: string;
  readonly description: string;
  readonly isRequired: false;
  readonly isSecret?: true;
  readonly format?: 'number' | 'boolean';
  readonly default?: string;
}

/**
 * The named variables for `server.json`, from their declarations: none is required (with none set,
 * omsdesk runs on its paper broker); a default is given only where it is one plain value.
 */
export function registryVariables(names: readonly string[]): RegistryVariable[] {
  return names.map((name) => {
    const v = CONFIG_VARIABLES.find((c) => c.name === name);
    if (v === undefined) throw new Error(`${name} is not an omsdesk variable`);
    const value: unknown = v.default;
    const plain = v.unset === undefined && ['string', 'number', 'boolean'].includes(typeof value);
    return {
      name,
      description: v.description,
      isRequired: false,
      ...(v.secret === true ? { isSecret: true as const } : {}),
      ...(plain && typeof value !== 'string' ? { format: typeof value as 'number' | 'boolean' } : {}),
      ...(plain ? { default: String(value) } : {}),
    };
  });
}
