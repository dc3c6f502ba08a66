import {
  type InstrumentCatalog,
  loadInstrumentCatalog,
  parseInstrumentCatalog,
} from '../core/catalogue/index.js';
import { istDate } from '../core/time/ist.js';
import type { Simulator } from '../sim/create-simulator.js';
import { instrumentsCsv } from '../sim/market/index.js';

/** The paper broker's master, rebuilt when the IST day changes (expiries roll, contracts list and delist). */
export function paperCatalog(sim: Simulator): () => InstrumentCatalog {
  let day = '';
  let catalog: InstrumentCatalog | undefined;
  return () => {
    const now = sim.clock.now();
    if (catalog === undefined || istDate(now) !== day) {
      day = istDate(now);
      catalog = parseInstrumentCatalog(instrumentsCsv(sim.market.universe(now)));
    }
    return catalog;
  };
}

/** A live broker's master from the configured file (empty when none is configured: tokens only). */
export async function fileCatalog(path: string | undefined): Promise<() => InstrumentCatalog> {
  const catalog =
    path === undefined ? parseInstrumentCatalog(emptyMaster()) : await loadInstrumentCatalog({ path });
  return () => catalog;
}

function emptyMaster(): string {
  return 'exchange,token,tradingSymbol,symbolName,instrument,expiry,strike,optionType,lotSize,tickSize,freezeQty\n';
}
