/** One listed company: NSE token, BSE scrip code where listed here, and the price model's anchors. */
export interface EquityReference {
  readonly symbol: string;
  readonly nseToken: string;
  /** BSE scrip code; only for the companies the simulator also lists on BSE. */
  readonly bseCode?: string;
  readonly isin: string;
  readonly name: string;
  /** Rupees: the level the daily walk reverts to. */
  readonly price: number;
  /** Annualised volatility of the price path. */
  readonly volatility: number;
  /** Typical NSE traded shares per day. */
  readonly dailyVolume: number;
}

const eq = (
  symbol: string,
  nseToken: string,
  isin: string,
  name: string,
  price: number,
  volatility: number,
  dailyVolume: number,
  bseCode?: string,
): EquityReference => ({
  symbol,
  nseToken,
  isin,
  name,
  price,
  volatility,
  dailyVolume,
  ...(bseCode === undefined ? {} : { bseCode }),
});

/** Large caps with their real NSE tokens, BSE scrip codes and ISINs; prices are approximate late-2025 levels. */
export const EQUITIES: readonly EquityReference[] = [
  eq('RELIANCE', '2885', 'INE002A01018', 'RELIANCE INDUSTRIES LTD', 1450, 0.24, 10_000_000, '500325'),
  eq('TCS', '11536', 'INE467B01029', 'TATA CONSULTANCY SERVICES LTD', 3100, 0.22, 2_500_000, '532540'),
  eq('INFY', '1594', 'INE009A01021', 'INFOSYS LIMITED', 1500, 0.25, 7_000_000, '500209'),
  eq('HDFCBANK', '1333', 'INE040A01034', 'HDFC BANK LTD', 1000, 0.2, 15_000_000, '500180'),
  eq('ICICIBANK', '4963', 'INE090A01021', 'ICICI BANK LTD.', 1400, 0.22, 12_000_000, '532174'),
  eq('SBIN', '3045', 'INE062A01020', 'STATE BANK OF INDIA', 870, 0.26, 12_000_000, '500112'),
  eq('ITC', '1660', 'INE154A01025', 'ITC LTD', 410, 0.2, 14_000_000, '500875'),
  eq('AXISBANK', '5900', 'INE238A01034', 'AXIS BANK LIMITED', 1150, 0.26, 8_000_000, '532215'),
  eq('KOTAKBANK', '1922', 'INE237A01028', 'KOTAK MAHINDRA BANK LTD', 2100, 0.24, 4_000_000),
  eq('LT', '11483', 'INE018A01030', 'LARSEN & TOUBRO LTD.', 3800, 0.24, 2_000_000, '500510'),
  eq('BHARTIARTL', '10604', 'INE397D01024', 'BHARTI AIRTEL LIMITED', 2000, 0.22, 6_000_000),
  eq('HINDUNILVR', '1394', 'INE030A01027', 'HINDUSTAN UNILEVER LTD.', 2450, 0.2, 1_500_000),
  eq('BAJFINANCE', '317', 'INE296A01032', 'BAJAJ FINANCE LIMITED', 1000, 0.3, 7_000_000),
  eq('MARUTI', '10999', 'INE585B01010', 'MARUTI SUZUKI INDIA LTD.', 15500, 0.25, 400_000),
  eq('ASIANPAINT', '236', 'INE021A01026', 'ASIAN PAINTS LIMITED', 2400, 0.24, 1_500_000),
  eq('WIPRO', '3787', 'INE075A01022', 'WIPRO LTD', 250, 0.26, 10_000_000),
  eq('HCLTECH', '7229', 'INE860A01027', 'HCL TECHNOLOGIES LTD', 1500, 0.25, 3_000_000),
  eq('SUNPHARMA', '3351', 'INE044A01036', 'SUN PHARMACEUTICAL IND L', 1700, 0.22, 2_500_000),
  eq('TITAN', '3506', 'INE280A01028', 'TITAN COMPANY LIMITED', 3600, 0.26, 1_200_000),
  eq('TATASTEEL', '3499', 'INE081A01020', 'TATA STEEL LIMITED', 165, 0.32, 30_000_000),
  eq('M&M', '2031', 'INE101A01026', 'MAHINDRA & MAHINDRA LTD', 3500, 0.28, 2_500_000, '500520'),
  eq('NTPC', '11630', 'INE733E01010', 'NTPC LTD', 340, 0.24, 12_000_000),
  eq('ONGC', '2475', 'INE213A01029', 'OIL AND NATURAL GAS CORP.', 245, 0.28, 12_000_000),
  eq('POWERGRID', '14977', 'INE752E01010', 'POWER GRID CORP. LTD.', 290, 0.22, 12_000_000),
  eq('SIEMENS', '3150', 'INE003A01024', 'SIEMENS LTD', 3100, 0.32, 500_000),
];

/** NSE's tick for a cash equity: 0.01 below 250 rupees (the 2025 rule), else 0.05; fixed from the reference price. */
export function equityTick(price: number): number {
  return price < 250 ? 0.01 : 0.05;
}
