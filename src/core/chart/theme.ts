/** The chart's size, colours and type: a dark theme that sits well in Discord's dark mode. */
export const THEME = {
  width: 1000,
  height: 500,
  font: 'DejaVu Sans Mono',
  background: '#131722',
  grid: '#242733',
  frame: '#363a45',
  text: '#b2b5be',
  muted: '#787b86',
  title: '#e6e8ee',
  up: '#26a69a',
  down: '#ef5350',
  flat: '#9598a1',
  last: '#2962ff',
  lastText: '#ffffff',
  titleSize: 17,
  subtitleSize: 12,
  axisSize: 11,
} as const;

/** DejaVu Sans Mono advances every glyph by 1233/2048 em, so text width is exact from its length. */
export function textWidth(text: string, size: number): number {
  return [...text].length * size * (1233 / 2048);
}
