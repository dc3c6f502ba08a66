import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startRuntime } from '../../src/cli/runtime.js';
import { CatalogueError, INSTRUMENT_CSV_HEADER } from '../../src/core/catalogue/index.js';
import { unzipFirstFile } from '../../src/core/catalogue/zip.js';
import { resolveInstrumentRef } from '../../src/core/gate/index.js';
import { silentLogger } from '../../src/core/logger.js';
import { liveBrokerForTests } from '../helpers/live-broker.js';
import { recordingLogger } from '../helpers/logs.js';

const live = liveBrokerForTests('omsdesk-live-masters-');

describe('a live broker’s published masters', () => {
  it('are served by the paper broker in the published layout: a zip of the Noren columns', async () => {
    const res = await request(`${live.sim.url}/BSE_symbols.txt.zip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const file = await unzipFirstFile(Buffer.from(await res.body.arrayBuffer()), 'BSE', 10_000_000);
    const lines = file.data.toString().split('\n');
    expect(file.name).toBe('BSE_symbols.txt');
    expect(lines[0]).toBe('Exchange,Token,LotSize,Symbol,TradingSymbol,Instrument,TickSize,');
    expect(lines).toContain('BSE,500325,1,RELIANCE,RELIANCE,A,0.05,');
    const nfo = await (await request(`${live.sim.url}/NFO_symbols.txt`)).body.text();
    expect(nfo.split('\n')[0]).toBe(
      'Exchange,Token,LotSize,Symbol,TradingSymbol,Expiry,Instrument,OptionType,StrikePrice,TickSize,',
    );
    expect(nfo).toMatch(
      /^NFO,\d+,\d+,NIFTY,NIFTY\d\d[A-Z]{3}\d\dF,\d\d-[A-Z]{3}-\d{4},FUTIDX,XX,0,0\.\d+,$/m,
    );
    expect(
      (await request(`${live.sim.url}/NSE_symbols.txt.zip`, { method: 'POST', body: '{}' })).statusCode,
    ).toBe(405);
  });

  it('resolve RELIANCE end to end with the paper broker’s URL as the masters location', async () => {
    const rt = await startRuntime(
      live.config({ OMSDESK_INSTRUMENTS_URL: live.sim.url }),
      silentLogger,
      'omsdesk serve',
    );
    try {
      const found = rt.catalog().resolve('RELIANCE');
      expect(found.status).toBe('found');
      const instrument = found.status === 'found' ? found.instrument : undefined;
      expect(instrument).toMatchObject({
        exchange: 'NSE',
        token: '2885',
        tradingSymbol: 'RELIANCE-EQ',
        kind: 'EQ',
      });
      const quote = await rt.client.getQuote({ exchange: 'NSE', token: instrument?.token ?? '' });
      expect(quote.tradingSymbol).toBe('RELIANCE-EQ');
      expect(quote.lastPrice).toBeGreaterThan(0);
      const option = rt.catalog().search('nifty ce', { limit: 1 })[0]?.instrument;
      expect(option).toMatchObject({ exchange: 'NFO', kind: 'OPTIDX', optionType: 'CE' });
      expect(
        (await readdir(join(live.dataDir, 'instruments'))).filter((f) => f.endsWith('.txt')),
      ).toHaveLength(3);
    } finally {
      await rt.close();
    }
  });

  it('give way to an instrument CSV when both are configured', async () => {
    const csv = join(live.dataDir, 'mine.csv');
    await writeFile(csv, `${INSTRUMENT_CSV_HEADER}\nNSE,2885,MYRELIANCE-EQ,RELIANCE,EQ,,,,1,0.05,\n`);
    const rt = await startRuntime(
      live.config({ OMSDESK_INSTRUMENTS_URL: live.sim.url, OMSDESK_INSTRUMENTS_FILE: csv }),
      silentLogger,
      'omsdesk serve',
    );
    try {
      expect(
        rt
          .catalog()
          .all()
          .map((i) => i.tradingSymbol),
      ).toEqual(['MYRELIANCE-EQ']);
      await expect(readdir(join(live.dataDir, 'instruments'))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rt.close();
    }
  });

  it('stop the start with a clear error naming the variables when neither a download nor a cache exists', async () => {
    const missing = join(live.dataDir, 'no-such-folder');
    const error = await startRuntime(
      live.config({ OMSDESK_INSTRUMENTS_URL: missing }),
      silentLogger,
      'omsdesk serve',
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as Error).message).toBe(
      `Cannot load the instrument masters from ${missing}: neither NSE_symbols.txt.zip nor NSE_symbols.txt is there; and there is no usable cached copy in ${join(live.dataDir, 'instruments')} to fall back on. Check the location (it must hold NSE_symbols.txt.zip, BSE_symbols.txt.zip, NFO_symbols.txt.zip) or supply an instrument CSV instead (OMSDESK_INSTRUMENTS_URL, or OMSDESK_INSTRUMENTS_FILE for a CSV).`,
    );
  });

  it('when none is configured: a warning at start, and every answer that needs a name says what to set', async () => {
    const { logger, logs } = recordingLogger();
    const rt = await startRuntime(live.config({}), logger, 'omsdesk serve');
    try {
      const missing =
        'no instrument master is configured: set OMSDESK_INSTRUMENTS_URL or OMSDESK_INSTRUMENTS_FILE';
      expect(logs.filter((line) => line.startsWith('warn ') && line.includes(missing))).toHaveLength(1);
      expect(() => resolveInstrumentRef(rt.catalog(), 'RELIANCE')).toThrow(missing);
      // A read by exchange and token still works without a master.
      expect(resolveInstrumentRef(rt.catalog(), 'NSE:2885').ref).toEqual({ exchange: 'NSE', token: '2885' });
      const preview = rt.gate.preview(
        {
          kind: 'single',
          order: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C', priceType: 'MKT' },
        },
        { channel: 'cli', id: 'test' },
      );
      await expect(preview).rejects.toThrow(missing);
    } finally {
      await rt.close();
    }
  });
});
