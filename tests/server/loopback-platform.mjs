// A platform's AGS side on loopback, for the score sender's tests: an OAuth2 token endpoint that checks the tool's
// signed client assertion (jose), line items whose score endpoints answer as a test scripts them, and a switch that
// takes the whole platform down (connections refused) and brings it back on the same port.
import { createServer } from 'node:http';
import { importSPKI, jwtVerify } from 'jose';

const readBody = (req) =>
  new Promise((done, fail) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });

export async function loopbackPlatform({ clientId = 'attention-lab-tool' } = {}) {
  const issued = new Set();
  const accepted = []; // scores the gradebook took: { lineItem, score }
  const tries = []; // every score request that reached a line item: { lineItem, score }
  const answers = new Map(); // line item name → async (score) => { status, body } (default: 200)
  let toolKey;
  let port = 0;
  const sockets = new Set();

  async function token(req, res, url) {
    const form = new URLSearchParams(await readBody(req));
    try {
      if (form.get('grant_type') !== 'client_credentials') throw new Error('grant_type must be client_credentials');
      const key = await importSPKI(toolKey, 'RS256');
      await jwtVerify(form.get('client_assertion') ?? '', key, { issuer: clientId, subject: clientId, audience: url });
    } catch (error) {
      res.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: error.message }));
      return;
    }
    const accessToken = `token-${issued.size + 1}-${Math.random().toString(36).slice(2)}`;
    issued.add(accessToken);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({ access_token: accessToken, token_type: 'bearer', expires_in: 3600, scope: form.get('scope') }),
    );
  }

  async function score(req, res, lineItem) {
    const body = await readBody(req);
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!issued.has(bearer)) return res.writeHead(401).end('{"error":"unknown access token"}');
    if (req.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json') {
      return res.writeHead(415).end(`{"error":"content type ${req.headers['content-type']}"}`);
    }
    const scoreSent = JSON.parse(body);
    tries.push({ lineItem, score: scoreSent });
    const answer = await (answers.get(lineItem) ?? (async () => ({ status: 200 })))(scoreSent);
    if (answer.status < 300) accepted.push({ lineItem, score: scoreSent });
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body ?? '{}');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url, `http://127.0.0.1:${port}`);
    const lineItem = /^\/lineitems\/([\w-]+)\/scores$/.exec(url.pathname)?.[1];
    const work =
      req.method === 'POST' && url.pathname === '/token'
        ? token(req, res, `http://127.0.0.1:${port}/token`)
        : req.method === 'POST' && lineItem
          ? score(req, res, lineItem)
          : Promise.resolve(res.writeHead(404).end('{"error":"no such route"}'));
    work.catch((error) => res.writeHead(500).end(JSON.stringify({ error: error.message })));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = () => new Promise((done) => server.listen(port, '127.0.0.1', done));
  await listen();
  port = server.address().port;

  return {
    url: `http://127.0.0.1:${port}`,
    lineItem: (name) => `http://127.0.0.1:${port}/lineitems/${name}`,
    accepted,
    tries,
    /** The PEM public key the tool signs its token requests with for this platform. */
    trustTool(publicKey) {
      toolKey = publicKey;
    },
    answer(lineItem, respond) {
      answers.set(lineItem, respond);
    },
    /** Refuses every connection until up(). */
    async down() {
      await new Promise((done) => {
        server.close(done);
        for (const socket of sockets) socket.destroy();
      });
    },
    up: listen,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((done) => (server.listening ? server.close(done) : done()));
    },
  };
}
