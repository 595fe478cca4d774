// Test host on another origin that pastes a snippet as a notebook or a script-stripping editor would: the HTML goes in,
// its <script> never runs (our host script included), so the iframe keeps the snippet's own height. Records messages.
window.received = [];
window.addEventListener('message', (event) => {
  const frame = [...document.getElementsByTagName('iframe')].find((f) => f.contentWindow === event.source);
  window.received.push({ frame: frame?.name ?? null, origin: event.origin, data: event.data });
});

window.pasteSnippet = (html, name) => {
  const column = document.getElementById('column');
  column.style.width = `${Number(new URLSearchParams(location.search).get('width') ?? 640)}px`;
  const template = document.createElement('template');
  template.innerHTML = html; // scripts parsed into a template never run
  template.content.querySelectorAll('script').forEach((script) => script.remove());
  const frame = template.content.querySelector('iframe');
  if (frame) frame.name = name;
  column.replaceChildren(template.content);
};
