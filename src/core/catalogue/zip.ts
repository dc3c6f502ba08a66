import { setImmediate } from 'node:timers/promises';
import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';
import { CatalogueError } from './errors.js';

const LOCAL_SIGNATURE = 0x04034b50;
/**
 * Archive bytes fed to the unzipper at a time. Deflate expands at most about 1,032 times, so one slice
 * unpacks to at most about 17 MB before the size is checked: a bomb is stopped near its recorded size.
 */
const SLICE_BYTES = 16 * 1024;
/** Slices unpacked between two turns of the event loop, so a large master does not hold up requests. */
const SLICES_PER_TURN = 16;

/** The first file of a zip archive: its name and its bytes. */
export interface ZipFile {
  readonly name: string;
  readonly data: Buffer;
}

/** True when the bytes start like a zip archive (a local file header). */
export function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_SIGNATURE;
}

/**
 * Unpacks the first file of a zip archive, refusing one recorded as larger than `maxBytes` before
 * unpacking anything, one that unpacks to more than it recorded (stopped there), other compression
 * methods, and data that is corrupt or cut short. `label` names the archive in errors.
 */
export async function unzipFirstFile(zip: Buffer, label: string, maxBytes: number): Promise<ZipFile> {
  const reader = new FirstFile(maxBytes);
  const unzip = new Unzip((file) => reader.take(file));
  unzip.register(UnzipInflate);
  try {
    for (let at = 0, slice = 1; at < zip.length && reader.wantsMore; at += SLICE_BYTES, slice++) {
      const end = Math.min(zip.length, at + SLICE_BYTES);
      unzip.push(zip.subarray(at, end), end === zip.length);
      if (slice % SLICES_PER_TURN === 0) await setImmediate();
    }
  } catch {
    reader.problem ??= 'the archive is damaged or cut short';
  }
  const file = reader.result();
  if ('problem' in file) throw new CatalogueError(`${label} is not a readable zip archive: ${file.problem}.`);
  return file;
}

/** Collects the first file the unzipper meets (directories skipped), within its bounds. */
class FirstFile {
  problem: string | undefined;
  #name: string | undefined;
  #recorded: number | undefined;
  #chunks: Uint8Array[] = [];
  #size = 0;
  #done = false;

  constructor(private readonly maxBytes: number) {}

  get wantsMore(): boolean {
    return this.problem === undefined && !this.#done;
  }

  take(file: UnzipFile): void {
    if (this.#name !== undefined || file.name.endsWith('/')) return;
    this.#name = file.name;
    this.#recorded = file.originalSize;
    if (file.compression !== 0 && file.compression !== 8) {
      this.problem = `compression method ${file.compression} is not supported`;
    } else if (file.originalSize !== undefined && file.originalSize > this.maxBytes) {
      this.problem = `its file would unpack to ${sizeText(file.originalSize)}, more than the ${sizeText(this.maxBytes)} allowed`;
    } else {
      file.ondata = (error, chunk, final) => this.#add(error, chunk, final);
      file.start();
    }
  }

  #add(error: Error | null, chunk: Uint8Array | null, final: boolean): void {
    if (!this.wantsMore) return;
    if (error !== null || chunk === null) {
      this.problem = `corrupt data (${error?.message ?? 'no data'})`;
      return;
    }
    this.#size += chunk.length;
    if (this.#size > Math.min(this.maxBytes, this.#recorded ?? this.maxBytes)) {
      this.problem =
        this.#recorded === undefined
          ? `its file unpacks to more than the ${sizeText(this.maxBytes)} allowed`
          : `the file unpacks to more than the ${this.#recorded} bytes recorded`;
      return;
    }
    this.#chunks.push(chunk);
    this.#done = final;
  }

  result(): ZipFile | { readonly problem: string } {
    if (this.problem !== undefined) return { problem: this.problem };
    if (this.#name === undefined) return { problem: 'no file in it (truncated, or not a zip)' };
    if (!this.#done) return { problem: 'it ends inside its file (truncated)' };
    if (this.#recorded !== undefined && this.#size !== this.#recorded)
      return { problem: `the file unpacks to ${this.#size} bytes, not the ${this.#recorded} recorded` };
    return { name: this.#name, data: Buffer.concat(this.#chunks, this.#size) };
  }
}

/** A byte count as people read it: `300.0 MB`, `64 KB`, `200 bytes`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}
