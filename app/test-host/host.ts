// A test host for MCP Apps in a page (tests only): ext-apps' AppBridge, the card in a sandbox proxy on
// another origin, and the MCP requests the card makes handed to the test's real SDK client (`hostCall`).
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

interface Shown {
  readonly html: string;
  readonly csp?: Record<string, string[]>;
  readonly input: Record<string, unknown>;
  readonly result: Record<string, unknown>;
  readonly theme: 'light' | 'dark';
  readonly sandboxUrl: string;
}

declare global {
  interface Window {
    hostCall(method: string, params: unknown): Promise<unknown>;
    showCard(shown: Shown): Promise<void>;
  }
}

window.showCard = async (shown) => {
  const frame = document.createElement('iframe');
  frame.title = 'Order card';
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  frame.style.cssText = 'width: 760px; height: 420px; border: 1px solid #888;';
  document.body.append(frame);
  const ready = new Promise<void>((resolve) => {
    const listen = (event: MessageEvent): void => {
      if (
        event.source === frame.contentWindow &&
        event.data?.method === 'ui/notifications/sandbox-proxy-ready'
      ) {
        window.removeEventListener('message', listen);
        resolve();
      }
    };
    window.addEventListener('message', listen);
  });
  const url = new URL(shown.sandboxUrl);
  url.searchParams.set('csp', JSON.stringify(shown.csp ?? {}));
  frame.src = url.href;
  await ready;
  const bridge = new AppBridge(
    null,
    { name: 'omsdesk test host', version: '1.0.0' },
    { openLinks: {}, serverTools: {}, serverResources: {} },
    { hostContext: { theme: shown.theme, displayMode: 'inline' } },
  );
  bridge.oncalltool = async (params) => (await window.hostCall('tools/call', params)) as never;
  bridge.onreadresource = async (params) => (await window.hostCall('resources/read', params)) as never;
  bridge.onopenlink = async (params) => {
    await window.hostCall('open-link', params);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${height + 2}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  const target = frame.contentWindow as Window;
  await bridge.connect(new PostMessageTransport(target, target));
  await bridge.sendSandboxResourceReady({ html: shown.html, ...(shown.csp ? { csp: shown.csp } : {}) });
  await initialized;
  await bridge.sendToolInput({ arguments: shown.input });
  await bridge.sendToolResult(shown.result as never);
};
