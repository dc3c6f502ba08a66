/** The header the simulator writes, in its order; a user's master may hold these in any order and case. */
export const INSTRUMENT_CSV_COLUMNS = [
  'exchange',
  'token',
  'tradingSymbol',
  'symbolName',
  'instrument',
  'expiry',
  'strike',
  'optionType',
  'lotSize',
  'tickSize',
  'freezeQty',
] as const;
export type InstrumentColumn = (typeof INSTRUMENT_CSV_COLUMNS)[number];

/** `exchange,token,tradingSymbol,…`: the exact header line of the simulator's export. */
export const INSTRUMENT_CSV_HEADER = INSTRUMENT_CSV_COLUMNS.join(',');

/** Columns a row cannot be read without; the others may be absent from a user's master. */
export const REQUIRED_COLUMNS: readonly InstrumentColumn[] = [
  'exchange',
  'token',
  'tradingSymbol',
  'instrument',
  'lotSize',
  'tickSize',
];

// Other names brokers' masters use for the same columns, compared after lower-casing and dropping
// everything but letters and digits.
const ALIAS_MAP = new Map<string, InstrumentColumn>(
  Object.entries({
    exch: 'exchange',
    symbol: 'symbolName',
    name: 'symbolName',
    underlying: 'symbolName',
    tsym: 'tradingSymbol',
    instrumenttype: 'instrument',
    instname: 'instrument',
    expirydate: 'expiry',
    strikeprice: 'strike',
    opttype: 'optionType',
    lot: 'lotSize',
    tick: 'tickSize',
    freezequantity: 'freezeQty',
  } satisfies Record<string, InstrumentColumn>),
);

const CANONICAL = new Map<string, InstrumentColumn>(
  INSTRUMENT_CSV_COLUMNS.map((column) => [squash(column), column]),
);

/** Where each known column sits in a row; -1 when absent. */
export type ColumnMap = Readonly<Record<InstrumentColumn, number>>;

/** Maps a header row to column positions; lists the required columns it lacks. */
export function mapColumns(header: readonly string[]): { columns: ColumnMap; missing: InstrumentColumn[] } {
  const columns = Object.fromEntries(INSTRUMENT_CSV_COLUMNS.map((c) => [c, -1])) as Record<
    InstrumentColumn,
    number
  >;
  // Canonical names first, then aliases for what is still unmapped; the first column of a name wins.
  for (const pass of [CANONICAL, ALIAS_MAP]) {
    header.forEach((name, position) => {
      const column = pass.get(squash(name));
      if (column !== undefined && columns[column] < 0) columns[column] = position;
    });
  }
  const missing = REQUIRED_COLUMNS.filter((c) => columns[c] < 0);
  return { columns, missing };
}

function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}
