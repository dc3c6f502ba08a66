import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { THEME } from './theme.js';

/** The font shipped with omsdesk (the same path from src/ and from dist/). */
export const FONT_FILE = fileURLToPath(new URL('../../../assets/fonts/DejaVuSansMono.ttf', import.meta.url));

let fontFound = false;

/**
 * Renders SVG markup to PNG with only the shipped font (system fonts off), so the same markup gives the
 * same bytes on every machine.
 */
export function svgToPng(svg: string): Buffer {
  if (!fontFound) {
    // Without its font resvg draws no text at all and says nothing: refuse instead.
    if (!existsSync(FONT_FILE)) {
      throw new Error(
        `the chart font is missing at ${FONT_FILE}; reinstall omsdesk, which ships it in assets/fonts`,
      );
    }
    fontFound = true;
  }
  const resvg = new Resvg(svg, {
    font: {
      fontFiles: [FONT_FILE],
      loadSystemFonts: false,
      defaultFontFamily: THEME.font,
      monospaceFamily: THEME.font,
      sansSerifFamily: THEME.font,
    },
    fitTo: { mode: 'original' },
    logLevel: 'off',
  });
  return resvg.render().asPng();
}
