import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CatalogueError } from '../../../src/core/catalogue/index.js';
import { looksLikeZip, unzipFirstFile } from '../../../src/core/catalogue/zip.js';
import { buildZip } from '../../fixtures/catalogue/zip.js';

const TEXT =
  'Exchange,Token,LotSize,Symbol,TradingSymbol,Instrument,TickSize,\nNSE,2885,1,RELIANCE,RELIANCE-EQ,EQ,0.1,\n';
const MB = 1_048_576;

async function failure(zip: Buffer, max = MB): Promise<string> {
  const error = await unzipFirstFile(zip, 'NSE_symbols.txt.zip', max).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CatalogueError);
  return (error as Error).message;
}

describe('unzipFirstFile', () => {
  it('unpacks a deflated file and names it', async () => {
    const file = await unzipFirstFile(buildZip([{ name: 'NSE_symbols.txt', data: TEXT }]), 'x.zip', MB);
    expect(file).toEqual({ name: 'NSE_symbols.txt', data: Buffer.from(TEXT) });
  });

  it('unpacks a stored file, skipping a leading directory entry', async () => {
    const zip = buildZip([
      { name: 'masters/', data: '', method: 0 },
      { name: 'masters/NSE_symbols.txt', data: TEXT, method: 0 },
    ]);
    expect((await unzipFirstFile(zip, 'x.zip', MB)).data.toString()).toBe(TEXT);
  });

  it('refuses an archive cut short inside its file, and bytes that are not a zip at all', async () => {
    const zip = buildZip([{ name: 'NSE_symbols.txt', data: TEXT.repeat(50) }]);
    expect(await failure(zip.subarray(0, 60))).toMatch(/cut short|truncated|unexpected EOF/);
    const stored = buildZip([{ name: 'NSE_symbols.txt', data: TEXT, method: 0 }]);
    expect(await failure(stored.subarray(0, 60))).toMatch(/cut short|truncated/);
    expect(await failure(Buffer.from('<html>502 Bad Gateway</html>'))).toMatch(/no file in it/);
  });

  it('refuses, before unpacking anything, a file recorded as larger than the bound', async () => {
    const zip = buildZip([{ name: 'NSE_symbols.txt', data: TEXT, size: 300 * MB }]);
    expect(await failure(zip, 256 * MB)).toBe(
      'NSE_symbols.txt.zip is not a readable zip archive: its file would unpack to 300.0 MB, more than the 256.0 MB allowed.',
    );
  });

  it('stops a deflate bomb that lies about its size at the recorded size', async () => {
    const bomb = Buffer.alloc(8 * MB, 0x41);
    const zip = buildZip([{ name: 'NSE_symbols.txt', data: bomb, size: 1000 }]);
    expect(zip.length).toBeLessThan(MB / 10);
    expect(await failure(zip)).toMatch(/unpacks to more than the 1000 bytes recorded/);
  });

  it('refuses corrupt deflate data and unknown methods with a reason', async () => {
    const zip = buildZip([{ name: 'NSE_symbols.txt', data: TEXT }]);
    const packedAt = 30 + 'NSE_symbols.txt'.length;
    const garbled = Buffer.from(zip);
    garbled.fill(0xff, packedAt, packedAt + 8);
    expect(await failure(garbled)).toMatch(/corrupt data|CRC-32/);
    expect(await failure(buildZip([{ name: 'a.txt', data: TEXT, method: 12 }]))).toMatch(
      /compression method 12 is not supported/,
    );
  });

  it('tells a zip from plain text by its first bytes', () => {
    expect(looksLikeZip(buildZip([{ name: 'a.txt', data: TEXT }]))).toBe(true);
    expect(looksLikeZip(Buffer.from(TEXT))).toBe(false);
    expect(looksLikeZip(deflateRawSync(TEXT))).toBe(false);
  });
});
