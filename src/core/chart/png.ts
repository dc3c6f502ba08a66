import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { THEME } from './theme.js';

const FONT = 'assets/fonts/DejaVuSansMono.ttf';

/** The font shipped with omsdesk: the first `assets/fonts` above this module (from src/, dist/ or a bundle). */
export const FONT_FILE = ((): string => {
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    const candidate = fileURLToPath(new URL(FONT, dir));
    if (existsSync(candidate) || dir.pathname === '/') return candidate;
  }
})();

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
