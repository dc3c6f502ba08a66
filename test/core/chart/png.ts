import { inflateSync } from 'node:zlib';

/** A decoded 8-bit RGBA PNG: what a person would see, pixel by pixel. */
export interface Picture {
  readonly width: number;
  readonly height: number;
  /** `#rrggbb` of the pixel at (x, y), ignoring alpha (the chart is opaque). */
  at(x: number, y: number): string;
  /** The box around every pixel of `colour` (`#rrggbb`) inside `area` (edges included), if any. */
  boxOf(colour: string, area: Omit<Box, 'width' | 'height'>): Box | undefined;
}

/** A rectangle of pixels, edges included. */
export interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly width: number;
  readonly height: number;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Decodes the non-interlaced 8-bit RGBA PNGs resvg writes (all five row filters). */
export function decodePng(png: Buffer): Picture {
  const { width, height } = pngSize(png);
  if (png[24] !== 8 || png[25] !== 6 || png[28] !== 0) throw new Error('expected 8-bit RGBA, not interlaced');
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * 4;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] ?? 0;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i] ?? 0;
      const a = i >= 4 ? (pixels[y * stride + i - 4] ?? 0) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + i] ?? 0) : 0;
      const c = i >= 4 && y > 0 ? (pixels[(y - 1) * stride + i - 4] ?? 0) : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter] ?? 0;
      pixels[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  const hex = (v: number | undefined): string => (v ?? 0).toString(16).padStart(2, '0');
  return {
    width,
    height,
    at: (x, y) => {
      const i = y * stride + x * 4;
      return `#${hex(pixels[i])}${hex(pixels[i + 1])}${hex(pixels[i + 2])}`;
    },
    boxOf: (colour, area) => {
      const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16));
      let box: { left: number; right: number; top: number; bottom: number } | undefined;
      for (let y = area.top; y <= area.bottom; y++) {
        for (let x = area.left, i = y * stride + x * 4; x <= area.right; x++, i += 4) {
          if (pixels[i] !== r || pixels[i + 1] !== g || pixels[i + 2] !== b) continue;
          box ??= { left: x, right: x, top: y, bottom: y };
          box = {
            left: Math.min(box.left, x),
            right: Math.max(box.right, x),
            top: Math.min(box.top, y),
            bottom: Math.max(box.bottom, y),
          };
        }
      }
      return box && { ...box, width: box.right - box.left + 1, height: box.bottom - box.top + 1 };
    },
  };
}
