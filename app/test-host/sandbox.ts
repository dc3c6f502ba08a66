// The sandbox proxy of the test host: on its own origin, it writes the card into an inner frame and relays
// messages between the host page and the card, from and to those two windows only.
const host = new URL(document.referrer).origin;
document.documentElement.style.height = '100%';
document.body.style.cssText = 'margin: 0; height: 100%;';
const inner = document.createElement('iframe');
inner.title = 'Order card content';
inner.setAttribute('sandbox', 'allow-scripts allow-same-origin');
inner.style.cssText = 'width: 100%; height: 100%; border: none;';
document.body.append(inner);

window.addEventListener('message', (event) => {
  if (event.source === window.parent) {
    if (event.origin !== host) return;
    if (event.data?.method === 'ui/notifications/sandbox-resource-ready') {
      const doc = inner.contentDocument;
      if (doc && typeof event.data.params?.html === 'string') {
        doc.open();
        doc.write(event.data.params.html);
        doc.close();
      }
      return;
    }
    inner.contentWindow?.postMessage(event.data, '*');
  } else if (event.source === inner.contentWindow) {
    window.parent.postMessage(event.data, host);
  }
});
window.parent.postMessage(
  { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} },
  host,
);
