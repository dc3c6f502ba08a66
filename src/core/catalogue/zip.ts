import { crc32, inflateRaw } from 'node:zlib';
import { CatalogueError } from './errors.js';

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const END_SIZE = 22;
const STORED = 0;
const DEFLATED = 8;

/** The first file of a zip archive: its name and its bytes, checked against the archive's CRC-32. */
export interface ZipFile {
  readonly name: string;
  readonly data: Buffer;
}

/** True when the bytes start like a zip archive (a local file header). */
export function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_SIGNATURE;
}

/**
 * Unpacks the first file of a zip archive through its central directory, refusing anything that would
 * unpack to more than `maxBytes`, archives it cannot read (zip64, encrypted, other methods), and data
 * that does not match its recorded size or CRC-32. `label` names the archive in errors.
 */
export async function unzipFirstFile(zip: Buffer, label: string, maxBytes: number): Promise<ZipFile> {
  const fail = (reason: string): never => {
    throw new CatalogueError(`${label} is not a readable zip archive: ${reason}.`);
  };
  const end = findEnd(zip);
  if (end < 0) return fail('no end-of-archive record (truncated or not a zip)');
  const entries = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryAt = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryAt === 0xffffffff) return fail('zip64 archives are not supported');
  if (zip.readUInt16LE(end + 4) !== 0 || zip.readUInt16LE(end + 6) !== 0) {
    return fail('multi-part archives are not supported');
  }
  if (directoryAt + directorySize > end) return fail('the central directory lies outside the archive');

  let at = directoryAt;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) return fail('corrupt central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, Math.min(end, at + 46 + nameLength));
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (!name.endsWith('/')) return { name, data: await readEntry(zip, at, directoryAt, maxBytes, fail) };
    at = next;
  }
  return fail('it holds no file');
}

/** Reads and checks the data of the entry whose central record is at `record`. */
async function readEntry(
  zip: Buffer,
  record: number,
  dataEnd: number,
  maxBytes: number,
  fail: (reason: string) => never,
): Promise<Buffer> {
  const flags = zip.readUInt16LE(record + 8);
  const method = zip.readUInt16LE(record + 10);
  const expectedCrc = zip.readUInt32LE(record + 16);
  const packedSize = zip.readUInt32LE(record + 20);
  const size = zip.readUInt32LE(record + 24);
  const local = zip.readUInt32LE(record + 42);
  if (flags & 1) fail('encrypted entries are not supported');
  if (method !== STORED && method !== DEFLATED) fail(`compression method ${method} is not supported`);
  if (size > maxBytes)
    fail(`its file would unpack to ${sizeText(size)}, more than the ${sizeText(maxBytes)} allowed`);
  if (local + 30 > dataEnd || zip.readUInt32LE(local) !== LOCAL_SIGNATURE) fail('corrupt local file header');
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  if (start + packedSize > dataEnd) fail('the file data runs past the end of the archive');
  const packed = zip.subarray(start, start + packedSize);
  const data = method === STORED ? packed : await inflate(packed, size, fail);
  if (data.length !== size) fail(`the file unpacks to ${data.length} bytes, not the ${size} recorded`);
  if (crc32(data) !== expectedCrc) fail('the file fails its CRC-32 check (corrupt download)');
  return data;
}

/** Inflates raw deflate data, never producing more than `size` bytes (a larger result is a corrupt or hostile entry). */
function inflate(packed: Buffer, size: number, fail: (reason: string) => never): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    inflateRaw(packed, { maxOutputLength: Math.max(1, size) }, (error, result) => {
      if (!error) return resolve(result);
      const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      try {
        fail(
          tooLarge
            ? `the file unpacks to more than the ${size} bytes recorded`
            : `corrupt data (${error.message})`,
        );
      } catch (failure) {
        reject(failure);
      }
    });
  });
}

function findEnd(zip: Buffer): number {
  // The end record is the last 22 bytes, unless an archive comment (at most 65535 bytes) follows it.
  const lowest = Math.max(0, zip.length - END_SIZE - 0xffff);
  for (let at = zip.length - END_SIZE; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === END_SIGNATURE) return at;
  }
  return -1;
}

/** A byte count as people read it: `300.0 MB`, `64 KB`, `200 bytes`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}
