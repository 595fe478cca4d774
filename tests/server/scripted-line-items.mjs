// AGS line items on a host of their own whose score endpoints answer as a test scripts them (a refusal, a slow
// answer, a status per try), and record every score that reaches them. The token still comes from the platform
// double: a platform's AGS service may live on another host than its token endpoint.
import { createServer } from 'node:http';

const readBody = (req) =>
  new Promise((done, fail) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });

export async function scriptedLineItems() {
  const tries = []; // every score that reached a line item: { lineItem, score, authorization, contentType }
  const accepted = []; // the scores answered with 2xx: { lineItem, score }
  const answers = new Map(); // line item name → async (score) => { status, body } (default 200)
  const server = createServer((req, res) => {
    const lineItem = /^\/lineitems\/([\w-]+)\/scores$/.exec(new URL(req.url, 'http://x').pathname)?.[1];
    if (req.method !== 'POST' || !lineItem) return res.writeHead(404).end('{"error":"no such route"}');
    readBody(req)
      .then(async (body) => {
        const score = JSON.parse(body);
        const { authorization, 'content-type': contentType } = req.headers;
        tries.push({ lineItem, score, authorization, contentType });
        const answer = await (answers.get(lineItem) ?? (async () => ({ status: 200 })))(score);
        if (answer.status < 300) accepted.push({ lineItem, score });
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body ?? '{}');
      })
      .catch((error) => res.writeHead(500).end(JSON.stringify({ error: error.message })));
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    lineItem: (name) => `${origin}/lineitems/${name}`,
    tries,
    accepted,
    answer(lineItem, respond) {
      answers.set(lineItem, respond);
    },
    close() {
      server.closeAllConnections();
      return new Promise((done) => server.close(done));
    },
  };
}
