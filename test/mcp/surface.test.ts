import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE } from '../core/gate/harness.js';
import { placeOutside } from '../helpers/sim.js';
import { connect } from './http-client.js';
import { type HttpDesk, modernClient, startHttpDesk } from './modern-harness.js';

/** What the tests do with a client, the same for the SDK's v1 client (2025-11-25) and v2 client (2026-07-28). */
interface EraClient {
  listPrompts(): Promise<{ prompts: { name: string; arguments?: { name: string }[] }[] }>;
  getPrompt(p: { name: string; arguments?: Record<string, string> }): Promise<{
    messages: { role: string; content: { type: string; text?: string } }[];
  }>;
  complete(p: {
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
    argument: { name: string; value: string };
  }): Promise<{ completion: { values: string[] } }>;
  listResourceTemplates(): Promise<{ resourceTemplates: { uriTemplate: string }[] }>;
  readResource(p: { uri: string }): Promise<{ contents: readonly object[] }>;
  callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<{
    content: { type: string; data?: string; mimeType?: string }[];
    structuredContent?: unknown;
  }>;
  close(): Promise<void>;
}

/** Each era's client, and how it asks to be told of changes to one resource. */
const ERAS: {
  readonly name: string;
  open(url: string): Promise<EraClient>;
  /** Resolves once subscribed, with the promise of the first update of `uri`. */
  follow(client: EraClient, uri: string): Promise<{ readonly told: Promise<string> }>;
}[] = [
  {
    name: '2025-11-25 (v1 client, session)',
    async open(url) {
      return (await connect(url)).client as unknown as EraClient;
    },
    async follow(client, uri) {
      const v1 = client as unknown as Awaited<ReturnType<typeof connect>>['client'];
      const told = new Promise<string>((resolve) =>
        v1.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
          if (n.params.uri === uri) resolve(uri);
        }),
      );
      await v1.subscribeResource({ uri });
      return { told };
    },
  },
  {
    name: '2026-07-28 (v2 client, no session)',
    async open(url) {
      return (await modernClient(url)) as unknown as EraClient;
    },
    async follow(client, uri) {
      const v2 = client as unknown as Awaited<ReturnType<typeof modernClient>>;
      const told = new Promise<string>((resolve) =>
        v2.setNotificationHandler('notifications/resources/updated', (n) => {
          if (n.params.uri === uri) resolve(uri);
        }),
      );
      await v2.listen({ resourceSubscriptions: [uri] });
      return { told };
    },
  },
];

let desk: HttpDesk;
beforeAll(async () => {
  desk = await startHttpDesk({ confirm: 'tool', gate: { watcher: true } });
});
afterAll(() => desk.close());

/** The eight bytes every PNG starts with. */
const isPng = (bytes: Buffer): boolean => bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'));

const textOfMessage = (m: { content: { text?: string } } | undefined): string => m?.content.text ?? '';

describe.each(ERAS)('the surface a trading client uses, in $name', (era) => {
  let client: EraClient;
  beforeAll(async () => {
    client = await era.open(desk.http.url);
  });
  afterAll(() => client.close());

  it('answers candles with the chart the Discord desk draws, beside the text and the data', async () => {
    const first = await client.callTool({
      name: 'get_candles',
      arguments: { instrument: 'RELIANCE', interval: '5', limit: 5 },
    });
    expect(first.content.map((c) => c.type)).toEqual(['text', 'image']);
    const image = first.content[1] as { data: string; mimeType: string };
    expect(image.mimeType).toBe('image/png');
    expect(isPng(Buffer.from(image.data, 'base64'))).toBe(true);
    expect((first.structuredContent as { rows: unknown[] }).rows).toHaveLength(5);
    const { nextCursor } = first.structuredContent as { nextCursor: string };
    const back = await client.callTool({
      name: 'get_candles',
      arguments: { instrument: 'RELIANCE', interval: '5', limit: 5, cursor: nextCursor },
    });
    expect(back.content.map((c) => c.type)).toEqual(['text']);
  });

  it('lists the prompts: a morning brief, an order review, an end-of-day summary', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['morning_brief', 'order_review', 'end_of_day']);
    expect(prompts[1]?.arguments?.map((a) => a.name)).toEqual([
      'instrument',
      'side',
      'quantity',
      'price',
      'product',
    ]);
  });

  it('fills the morning brief with the limits, the positions and the open orders', async () => {
    const { messages } = await client.getPrompt({ name: 'morning_brief', arguments: { watch: 'NSE:26000' } });
    const text = textOfMessage(messages[0]);
    expect(messages[0]?.role).toBe('user');
    expect(text).toMatch(/Limits:\nAvailable ₹/);
    expect(text).toMatch(/Positions \(holdings\):\nHoldings/);
    expect(text).toMatch(/Open orders:\nOrders today/);
    expect(text).toMatch(/Watching NSE:26000:\nNSE:/);
    expect(text).toMatch(/place nothing/);
  });

  it('reviews an order before placing it, naming the exact place_order call to make once agreed', async () => {
    const tickets = desk.g.gate.list().length;
    const { messages } = await client.getPrompt({
      name: 'order_review',
      arguments: { instrument: 'reliance', side: 'buy', quantity: '10', price: '1400.5' },
    });
    const text = textOfMessage(messages[0]);
    expect(text).toContain('BUY 10 NSE:RELIANCE-EQ, limit ₹1400.5, product C');
    expect(text).toMatch(/Quote:\nNSE:RELIANCE-EQ/);
    expect(text).toContain(
      'place_order with {"instrument":"NSE:RELIANCE-EQ","side":"BUY","quantity":10,"price":1400.5,"product":"C"}',
    );
    expect(desk.g.gate.list()).toHaveLength(tickets);
  });

  it('refuses a review of an instrument it cannot find, with the names it knows', async () => {
    await expect(
      client.getPrompt({
        name: 'order_review',
        arguments: { instrument: 'RELIANCEE', side: 'BUY', quantity: '1' },
      }),
    ).rejects.toThrow(/instrument not found.*NSE:RELIANCE-EQ/s);
  });

  it('sums up the day with the orders, the fills and the limits', async () => {
    const { messages } = await client.getPrompt({ name: 'end_of_day' });
    expect(textOfMessage(messages[0])).toMatch(/Orders today:[\s\S]*Fills today:[\s\S]*Limits:/);
  });

  it('completes the prompts: instruments from the catalogue, the sides', async () => {
    const instrument = await client.complete({
      ref: { type: 'ref/prompt', name: 'order_review' },
      argument: { name: 'instrument', value: 'relia' },
    });
    expect(instrument.completion.values[0]).toBe('NSE:RELIANCE-EQ');
    const watch = await client.complete({
      ref: { type: 'ref/prompt', name: 'morning_brief' },
      argument: { name: 'watch', value: 'infy' },
    });
    expect(watch.completion.values).toContain('NSE:INFY-EQ');
    const side = await client.complete({
      ref: { type: 'ref/prompt', name: 'order_review' },
      argument: { name: 'side', value: 's' },
    });
    expect(side.completion.values).toEqual(['SELL']);
  });

  it('reads a ticket and an order through their templates, completes their ids, and tells a subscriber of changes', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      'omsdesk://orders/{number}',
      'omsdesk://tickets/{id}',
    ]);
    const preview = await client.callTool({
      name: 'place_order',
      arguments: { instrument: 'ITC', side: 'BUY', quantity: 1, product: 'I' },
    });
    const { ticketId } = preview.structuredContent as { ticketId: string };
    const ids = await client.complete({
      ref: { type: 'ref/resource', uri: 'omsdesk://tickets/{id}' },
      argument: { name: 'id', value: ticketId.slice(0, 4).toLowerCase() },
    });
    expect(ids.completion.values).toContain(ticketId);

    const uri = `omsdesk://tickets/${ticketId}`;
    const { told } = await era.follow(client, uri);
    await desk.g.gate.approve(ticketId, ALICE);
    expect(await told).toBe(uri);
    const ticket = JSON.parse(
      ((await client.readResource({ uri })).contents[0] as { text: string }).text,
    ) as { status: string; orderNumbers: string[]; legs: { instrument: string }[] };
    expect(['PLACED', 'COMPLETE']).toContain(ticket.status);
    expect(ticket.legs[0]?.instrument).toBe('NSE:ITC-EQ');

    const [orderNumber] = ticket.orderNumbers as [string];
    await desk.g.watcher?.poll();
    const order = JSON.parse(
      (
        (await client.readResource({ uri: `omsdesk://orders/${orderNumber}` })).contents[0] as {
          text: string;
        }
      ).text,
    ) as { order: { orderNumber: string; source: { ticketId?: string } } };
    expect(order.order).toMatchObject({ orderNumber, source: { kind: 'ticket', ticketId } });
    const numbers = await client.complete({
      ref: { type: 'ref/resource', uri: 'omsdesk://orders/{number}' },
      argument: { name: 'number', value: orderNumber.slice(0, 6) },
    });
    expect(numbers.completion.values).toContain(orderNumber);
  });

  it('tells a subscriber of omsdesk://orders/today when an order arrives from elsewhere', async () => {
    const { told } = await era.follow(client, 'omsdesk://orders/today');
    await placeOutside(desk.g.h, { remarks: 'phone' });
    await desk.g.watcher?.poll();
    expect(await told).toBe('omsdesk://orders/today');
  });
});
