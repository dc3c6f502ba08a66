import type { OrderSource } from './types.js';

const TICKET_TAG = /^omsdesk:(T[A-Z0-9]{8})(?:\.(\d{1,2}))?$/i;
const CLIENT_TAG = /^od-[0-9a-z]{8}$/i;

/** Who placed an order, read from the first word of its remarks (where omsdesk writes its tag). */
export function sourceOfRemarks(remarks: string | undefined): OrderSource {
  const first = (remarks ?? '').trimStart().split(/\s+/, 1)[0] ?? '';
  const ticket = TICKET_TAG.exec(first);
  if (ticket) {
    const leg = ticket[2] === undefined ? undefined : Number(ticket[2]);
    return {
      kind: 'ticket',
      ticketId: (ticket[1] as string).toUpperCase(),
      ...(leg === undefined ? {} : { leg }),
    };
  }
  if (CLIENT_TAG.test(first)) return { kind: 'client', tag: first };
  return { kind: 'outside' };
}
