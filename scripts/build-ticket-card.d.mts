/** The order card's HTML: one self-contained document. */
export function buildTicketCard(): Promise<string>;
/** The bundler option that puts the card in place of its constant in src/mcp/app/card-html.ts. */
export function ticketCardDefine(): Promise<Record<string, string>>;
