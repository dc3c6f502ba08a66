import { afterEach, describe, expect, it } from 'vitest';
import { parseInstrumentCatalog } from '../../src/core/catalogue/index.js';
import { renderCandleChart } from '../../src/core/chart/index.js';
import { startDiscordDesk } from '../../src/discord/desk.js';
import { DeskStartError } from '../../src/discord/start-error.js';
import { instrumentsCsv } from '../../src/sim/market/index.js';
import { type GateHarness, startGate } from '../core/gate/harness.js';
import { BOT_TOKEN, GUILD_ID } from '../fakes/discord/ids.js';
import { FakeDiscord } from '../fakes/discord/server.js';
import { buttonsOf, CAROL, type DeskHarness, startDesk, textOf, ticketIn } from './harness.js';

let d: DeskHarness | undefined;
let fake: FakeDiscord | undefined;
let g: GateHarness | undefined;
afterEach(async () => {
  await d?.close();
  await fake?.close();
  await g?.close();
  d = undefined;
  fake = undefined;
  g = undefined;
});

describe('starting and stopping the desk', () => {
  it('on shutdown, cards still waiting say their ticket expired, and the client disconnects', async () => {
    d = await startDesk();
    const id = ticketIn(
      await d.fake.reply(
        d.run('order', { side: 'BUY', instrument: 'INFY', quantity: 1, price_type: 'MKT' }, CAROL),
      ),
    );
    await d.cardWhere(id, (c) => buttonsOf(c).length === 2, 'posted');
    expect(d.fake.gateway.connections).toBe(1);
    // A graceful stop, as omsdesk serve and discord do it: the gate expires what waits, then the desk closes.
    await d.g.gate.expirePending();
    await d.desk.close();
    const card = d.card(id);
    expect(textOf(card as never)).toMatch(/: expired: nothing was sent/);
    expect(textOf(card as never)).toContain('omsdesk stopped before anyone decided');
    expect(d.g.gate.get(id)?.status).toBe('EXPIRED');
    expect(await d.g.auditEvents()).toContain('expired');
    expect(buttonsOf(card as never)).toEqual([]);
    await d.fake.waitFor(
      () => (d?.fake.gateway.connections === 0 ? true : undefined),
      'the gateway socket to close',
    );
    expect(d.g.placements).toHaveLength(0);
  });

  it('fails to start with a clear error, never showing the token, when Discord refuses it', async () => {
    g = await startGate();
    fake = await FakeDiscord.start();
    fake.acceptToken('MTIwMDAwMDAwMDAwMDAwMDAwMg.Rotate.another-token-the-portal-issued-later-000');
    const catalog = parseInstrumentCatalog(instrumentsCsv(g.h.sim.market.universe(g.h.clock.now())));
    const start = startDiscordDesk({
      token: BOT_TOKEN,
      apiUrl: fake.api,
      deps: {
        client: g.client,
        catalog: () => catalog,
        gate: g.gate,
        settings: { guildId: GUILD_ID, approvers: [], fourEyes: false, readOnly: false },
        renderChart: renderCandleChart,
      },
    });
    const error = await start.then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(DeskStartError);
    expect(error?.message).toMatch(/Discord refused the bot token \(DISCORD_TOKEN\)/);
    expect(JSON.stringify({ message: error?.message, stack: error?.stack })).not.toContain(BOT_TOKEN);
    expect(fake.gateway.connections).toBe(0);
  });
});
