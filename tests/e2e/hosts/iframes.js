// Test host on another origin: embeds our iframes, loads our host script from the site (?site=…), records messages.
window.received = [];
window.hostEvents = [];
const site = new URLSearchParams(location.search).get('site');

window.addEventListener('message', (event) => {
  const frame = [...document.getElementsByTagName('iframe')].find((f) => f.contentWindow === event.source);
  window.received.push({ frame: frame?.name ?? null, origin: event.origin, data: event.data });
});
// What embed-host.js re-dispatches on the iframe element.
document.addEventListener('attention-lab', (event) =>
  window.hostEvents.push({ frame: event.target.name, verb: event.detail.verb }),
);

window.addEmbed = (src, name) => {
  const frame = Object.assign(document.createElement('iframe'), {
    src,
    name,
    title: `Attention Lab ${name}`,
    width: '100%',
    height: '150',
  });
  frame.style.border = '0';
  frame.style.display = 'block';
  document.getElementById('embeds').append(frame);
};

const hostScript = document.createElement('script');
hostScript.src = new URL('embed-host.js', site).href;
document.head.append(hostScript);
