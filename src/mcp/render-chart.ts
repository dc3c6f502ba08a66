import type { ImageContent } from '@modelcontextprotocol/server';
import type { CandleChartInput } from '../core/chart/index.js';
import type { Logger } from '../core/logger.js';

/**
 * A window of bars as the PNG the Discord desk draws, for clients that show images. The renderer (and its
 * native rasteriser) loads on the first chart, not at start; a chart that cannot be drawn is left out and
 * the text and data still answer.
 */
export async function chartImage(input: CandleChartInput, logger: Logger): Promise<ImageContent | undefined> {
  try {
    const { renderCandleChart } = await import('../core/chart/index.js');
    const chart = renderCandleChart(input);
    return { type: 'image', data: chart.png.toString('base64'), mimeType: 'image/png' };
  } catch (error) {
    logger.warn('candle chart not drawn', { error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}
