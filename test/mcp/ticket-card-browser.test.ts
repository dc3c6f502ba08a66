import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { isToolVisibilityAppOnly } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHostPages, startAppHost } from '../helpers/app-host.js';
import { launchBrowser } from '../helpers/browser.js';
import { type RunningCommand, runCommand } from '../helpers/serve-child.js';
import { MODERN } from './http-client.js';
import { startHttpDesk } from './modern-harness.js';

const TOKEN = 'card-test-token-0123456789abcdef';
const UI = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 2, product: 'C' };
const SCREENSHOT = fileURLToPath(new URL('../../assets/ticket-card.png', import.meta.url));

let dataDir: string;
let serve: RunningCommand;
let pages: AppHostPages;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-card-'));
  [serve, pages, browser] = await Promise.all([
    runCommand(['serve', '--port', '0'], {
      OMSDESK_DATA_DIR: dataDir,
      OMSDESK_MCP_TOKEN: TOKEN,
      OMSDESK_SIM_HOURS: 'always',
      OMSDESK_WATCH_INTERVAL_MS: '250',
    }),
    startAppHost(),
    launchBrowser(),
  ]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await pages?.close();
  expect(await serve?.stop()).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
});

/** A host's SDK client in either revision, declaring MCP Apps (or not). */
async function hostClient(era: 'legacy' | 'modern', apps = true, url = serve.url): Promise<Client> {
  const client = new Client(
    { name: 'card-test-host', version: '1.0.0' },
    {
      capabilities: apps ? { extensions: UI } : {},
      ...(era === 'modern' ? { versionNegotiation: { mode: { pin: MODERN } } } : {}),
    },
  );
  const headers = { authorization: `Bearer ${TOKEN}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

async function ordersAtBroker(): Promise<number> {
  const answer = await fetch(`${serve.paperBroker()}/_sim/orders`);
  return ((await answer.json()) as unknown[]).length;
}

/** What the card's MCP requests were, as the host forwarded them. */
interface Forwarded {
  readonly method: string;
  readonly name?: string;
}

/** What a host page forwards the card's requests to: the real client, or (for escaping) a scripted one. */
type Forward = (method: string, params: { name?: string; uri?: string }) => Promise<unknown>;

/** Opens the test host on a page and shows the card `html` for `result` in it, the card's requests going to `forward`. */
async function showInHost(
  html: { text: string; _meta?: { ui?: { csp?: unknown } } },
  result: unknown,
  forward: Forward,
  theme: 'light' | 'dark',
) {
  const forwarded: Forwarded[] = [];
  const page = await browser.newPage({ viewport: { width: 800, height: 480 } });
  await page.exposeFunction('hostCall', async (method: string, params: { name?: string; uri?: string }) => {
    forwarded.push({ method, ...(params.name === undefined ? {} : { name: params.name }) });
    return forward(method, params);
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(pages.hostUrl);
  await page.evaluate(
    (shown) => (globalThis as unknown as { showCard(s: unknown): Promise<void> }).showCard(shown),
    {
      html: html.text,
      ...(html._meta?.ui?.csp === undefined ? {} : { csp: html._meta.ui.csp as Record<string, string[]> }),
      input: ORDER,
      result: result as Record<string, unknown>,
      theme,
      sandboxUrl: pages.sandboxUrl,
    },
  );
  const card = page.getByTitle('Order card').contentFrame().getByTitle('Order card content').contentFrame();
  return { page, card, forwarded, dialogs };
}

/**
 * The lowest WCAG contrast ratio of any text on the card against the background it sits on (enabled
 * controls included; disabled ones are exempt).
 */
function lowestContrast(frame: FrameLocator): Promise<number> {
  // Runs in the page: the DOM's types are not this file's, so it names only what it reads.
  interface Node {
    readonly nodeType: number;
    readonly textContent: string | null;
  }
  interface El extends Node {
    readonly parentElement: El | null;
    readonly childNodes: ArrayLike<Node>;
    readonly disabled?: boolean;
    readonly offsetParent: unknown;
    querySelectorAll(selector: string): ArrayLike<El>;
  }
  type Style = (el: El) => { color: string; backgroundColor: string };
  return frame.locator('body').evaluate((body: El) => {
    const style = (globalThis as unknown as { getComputedStyle: Style }).getComputedStyle;
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r = 0, g = 0, b = 0]: number[]) => {
      const c = [r, g, b].map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (c[0] ?? 0) + 0.7152 * (c[1] ?? 0) + 0.0722 * (c[2] ?? 0);
    };
    const background = (el: El | null): number[] => {
      for (let at = el; at; at = at.parentElement) {
        const bg = rgb(style(at).backgroundColor);
        if (bg.length === 3 || (bg[3] ?? 0) > 0) return bg;
      }
      return [255, 255, 255];
    };
    let lowest = 21;
    for (const el of Array.from(body.querySelectorAll('*'))) {
      const own = Array.from(el.childNodes).some(
        (n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '',
      );
      if (!own || el.disabled === true || el.offsetParent === null) continue;
      const [a, b] = [lum(rgb(style(el).color)), lum(background(el))];
      lowest = Math.min(lowest, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05));
    }
    return lowest;
  });
}

/** The card's document as the server serves it to a host with apps. */
async function cardDocument(client: Client) {
  const read = await client.readResource({ uri: 'ui://omsdesk/ticket' });
  const content = read.contents[0] as { text: string; mimeType: string; _meta?: { ui?: { csp?: unknown } } };
  expect(content.mimeType).toBe('text/html;profile=mcp-app');
  return content;
}

/**
 * Calls place_order as the model would, then shows the result's card in the test host, which forwards the
 * card's requests to the same client. Returns the page, the card's frame and what the card asked for.
 */
async function showCard(client: Client, theme: 'light' | 'dark') {
  const tools = (await client.listTools()).tools;
  const place = tools.find((t) => t.name === 'place_order');
  expect((place?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri).toBe('ui://omsdesk/ticket');
  const result = await client.callTool({ name: 'place_order', arguments: ORDER });
  expect(result.structuredContent).toMatchObject({ status: 'PENDING', confirmation: 'app' });
  const forward: Forward = async (method, params) => {
    if (method === 'tools/call') return client.callTool(params as { name: string });
    if (method === 'resources/read') return client.readResource(params as { uri: string });
    return {};
  };
  const shown = await showInHost(await cardDocument(client), result, forward, theme);
  return { ...shown, ticketId: (result.structuredContent as { ticketId: string }).ticketId };
}

async function closePage(page: Page): Promise<void> {
  await page.close();
}

describe.each(['legacy', 'modern'] as const)('the order card in an MCP Apps host (%s)', (era) => {
  it('lists the card to a host with apps only, never the app-only tools to the model', async () => {
    const plain = await hostClient(era, false);
    const apps = await hostClient(era);
    try {
      const plainTools = (await plain.listTools()).tools;
      expect(plainTools.map((t) => t.name)).not.toContain('decide_on_card');
      expect(plainTools.map((t) => t.name)).not.toContain('ticket_card');
      expect(plainTools.some((t) => t._meta !== undefined)).toBe(false);
      const appTools = (await apps.listTools()).tools;
      const linked = appTools.filter(
        (t) => (t._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri,
      );
      expect(linked.map((t) => t.name).sort()).toEqual(
        [
          'decide_on_card',
          'get_order_status',
          'modify_order',
          'place_long_straddle',
          'place_multi_order',
          'place_order',
          'ticket_card',
        ].sort(),
      );
      // What a host gives its model: every tool but the app's own.
      const modelTools = appTools.filter((t) => !isToolVisibilityAppOnly(t)).map((t) => t.name);
      expect(modelTools).not.toContain('decide_on_card');
      expect(modelTools).not.toContain('ticket_card');
      expect(modelTools).toEqual(plainTools.map((t) => t.name));
    } finally {
      await plain.close();
      await apps.close();
    }
  });

  it('Confirm on the card places exactly one order, and the card shows its fill without the model asking', async () => {
    const client = await hostClient(era);
    const before = await ordersAtBroker();
    const shown = await showCard(client, era === 'legacy' ? 'light' : 'dark');
    try {
      const { card, page } = shown;
      await expect
        .poll(() => card.getByRole('status').textContent(), { timeout: 10_000 })
        .toContain('PENDING');
      await expect
        .poll(() => card.getByRole('row', { name: /RELIANCE/ }).textContent())
        .toMatch(/₹[\d,]+\.\d\d/);
      // The README's picture: the card as the person decides, from this very run.
      if (era === 'legacy') await page.screenshot({ path: SCREENSHOT });
      expect(await card.locator('html').getAttribute('data-theme')).toBe(era === 'legacy' ? 'light' : 'dark');
      expect(await lowestContrast(card)).toBeGreaterThanOrEqual(4.5);
      await card.getByRole('button', { name: 'Confirm' }).click();
      await expect
        .poll(() => card.getByRole('status').textContent(), { timeout: 15_000 })
        .toContain('Filled (COMPLETE)');
      await expect
        .poll(() => card.getByRole('row', { name: /RELIANCE/ }).textContent())
        .toMatch(/2 filled @ ₹/);
      expect(await ordersAtBroker()).toBe(before + 1);
      // Only the card asked after the model's one call: its own tools and the ticket's resource.
      expect(
        shown.forwarded.every(
          (f) => f.method === 'resources/read' || f.name === 'ticket_card' || f.name === 'decide_on_card',
        ),
      ).toBe(true);
      expect(shown.forwarded.filter((f) => f.name === 'decide_on_card')).toHaveLength(1);
      expect(await card.getByRole('button', { name: 'Confirm' }).isVisible()).toBe(false);
      expect(shown.dialogs).toEqual([]);
    } finally {
      await closePage(shown.page);
      await client.close();
    }
  });

  it('Decline on another ticket places nothing', async () => {
    const client = await hostClient(era);
    const before = await ordersAtBroker();
    const shown = await showCard(client, 'light');
    try {
      const { card } = shown;
      // By keyboard, as a person without a mouse would: from Confirm, Tab to Decline, Enter.
      await card.getByRole('button', { name: 'Confirm' }).focus();
      await shown.page.keyboard.press('Tab');
      await shown.page.keyboard.press('Enter');
      await expect
        .poll(() => card.getByRole('status').textContent(), { timeout: 10_000 })
        .toContain('Declined: nothing was sent (DECLINED)');
      expect(await ordersAtBroker()).toBe(before);
      const status = await client.callTool({
        name: 'get_order_status',
        arguments: { ticket_id: shown.ticketId },
      });
      expect(status.structuredContent).toMatchObject({ ticket: { status: 'DECLINED', orderNumbers: [] } });
    } finally {
      await closePage(shown.page);
      await client.close();
    }
  });
});

describe('the order card, whatever the data says', () => {
  it('shows broker and person text as text: nothing in it runs', async () => {
    const client = await hostClient('modern');
    const evil = '<img src=x onerror=alert(1)>';
    const ticket = {
      ticketId: 'TAAAAAAAA',
      status: 'REJECTED',
      hash: 'a'.repeat(64),
      expiresAt: evil,
      reason: evil,
      warnings: [evil],
      requestedBy: { channel: evil, id: evil, person: evil },
      decidedBy: { channel: 'mcp-app', id: evil },
      orderNumbers: [],
      legs: [
        {
          instrument: evil,
          side: evil,
          quantity: 1,
          priceType: evil,
          status: evil,
          rejection: { text: evil },
        },
      ],
      margin: {},
    };
    const forward: Forward = async (method) =>
      method === 'tools/call'
        ? {
            content: [{ type: 'text', text: evil }],
            structuredContent: { card: { ticket, market: [], mayDecide: true } },
          }
        : { contents: [{ uri: 'omsdesk://tickets/TAAAAAAAA', text: JSON.stringify(ticket) }] };
    const result = { content: [{ type: 'text', text: evil }], structuredContent: { ticketId: 'TAAAAAAAA' } };
    const shown = await showInHost(await cardDocument(client), result, forward, 'light');
    try {
      await expect
        .poll(() => shown.card.getByRole('status').textContent(), { timeout: 10_000 })
        .toContain('REJECTED');
      expect(await shown.card.getByRole('table').textContent()).toContain(evil);
      expect(await shown.card.locator('img').count()).toBe(0);
      expect(shown.dialogs).toEqual([]);
    } finally {
      await closePage(shown.page);
      await client.close();
    }
  });
});

describe('the order card with a web desk', () => {
  it("opens the ticket's page on the desk through the host instead of deciding in the card", async () => {
    const desk = await startHttpDesk({ publicUrl: 'https://desk.example.test/' });
    const client = await hostClient('modern', true, desk.http.url);
    const opened: unknown[] = [];
    try {
      const result = await client.callTool({ name: 'place_order', arguments: ORDER });
      const id = (result.structuredContent as { ticketId: string }).ticketId;
      const forward: Forward = async (method, params) => {
        if (method === 'open-link') opened.push(params);
        if (method === 'tools/call') return client.callTool(params as { name: string });
        if (method === 'resources/read') return client.readResource(params as { uri: string });
        return {};
      };
      const shown = await showInHost(await cardDocument(client), result, forward, 'light');
      try {
        await shown.card.getByRole('button', { name: 'Confirm on the desk' }).click();
        await expect.poll(() => opened).toEqual([{ url: `https://desk.example.test/tickets/${id}` }]);
        expect(shown.forwarded.some((f) => f.name === 'decide_on_card')).toBe(false);
        expect(desk.g.gate.get(id)?.status).toBe('PENDING');
        expect(await desk.brokerOrders()).toBe(0);
      } finally {
        await closePage(shown.page);
      }
    } finally {
      await client.close();
      await desk.close();
    }
  });
});
