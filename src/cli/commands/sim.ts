import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNT } from '../../sim/accounts.js';
import { createSimulator } from '../../sim/create-simulator.js';
import { instrumentsCsv } from '../../sim/market/instruments-csv.js';
import { createMarket } from '../../sim/market/market.js';
import { stopRequests, untilSignal } from '../lifecycle.js';
import { listenFailure } from '../listen-error.js';
import { choiceFlag, intFlag } from '../usage-error.js';

export const SIM_USAGE = `omsdesk sim [--host 127.0.0.1] [--port 8787] [--seed 1] [--hours always|real] [--state FILE] [--rate-limits on|off]
omsdesk sim --export-instruments FILE [--seed 1]`;

/** The demo credentials, printed so anyone can log in to the paper broker at once. */
export function demoCredentialLines(): string[] {
  const a = DEMO_ACCOUNT;
  return [
    'demo account (paper money, not a secret):',
    `  userId ${a.userId}   password ${a.password}   apiKey ${a.apiKey}   vendorCode ${a.vendorCode}`,
    `  TOTP secret (base32) ${a.totpSecret}   DOBnPAN ${a.dobOrPan}   account id ${a.accountId}`,
  ];
}

/** `omsdesk sim`: the paper broker alone, or the instrument master as CSV. */
export async function simCommand(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      seed: { type: 'string' },
      hours: { type: 'string' },
      state: { type: 'string' },
      'rate-limits': { type: 'string' },
      'export-instruments': { type: 'string' },
    },
    strict: true,
  });
  const seed = intFlag('seed', values.seed, 1, 0, 2 ** 31 - 1);
  const hours = choiceFlag('hours', values.hours, ['always', 'real'] as const, 'always');

  const exportPath = values['export-instruments'];
  if (exportPath !== undefined) {
    const market = createMarket({ seed, hours, holidays: [] });
    const universe = market.universe(Date.now());
    await writeFile(exportPath, instrumentsCsv(universe));
    console.log(`wrote ${universe.instruments.length} instruments to ${exportPath}`);
    return;
  }

  stopRequests();
  const sim = await createSimulator({
    host: values.host ?? '127.0.0.1',
    port: intFlag('port', values.port, 8787, 0, 65535),
    seed,
    hours,
    rateLimits: choiceFlag('rate-limits', values['rate-limits'], ['on', 'off'] as const, 'on') === 'on',
    ...(values.state === undefined ? {} : { statePath: values.state }),
    onError: (error, where) => console.error(`omsdesk sim: ${where}: ${String(error)}`),
  }).catch((error: unknown) => {
    throw listenFailure(error, 'the paper broker', '--port');
  });
  console.log(`omsdesk sim listening on ${sim.url}`);
  for (const line of demoCredentialLines()) console.log(line);
  console.log(
    `seed ${seed}, market hours ${hours}${values.state ? `, state in ${values.state}` : ''}; Ctrl-C stops`,
  );
  await untilSignal(() => sim.close());
}
