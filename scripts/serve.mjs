// Serves the production build on loopback under the strict Content-Security-Policy the lesson promises.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const contentSecurityPolicy =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; style-src-attr 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'self'";

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.zip': 'application/zip',
  '.xml': 'application/xml',
};

const defaultRoot = fileURLToPath(new URL('../dist/site', import.meta.url));

async function resolveFile(root, urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined; // no escaping the site folder
  const info = await stat(candidate).catch(() => undefined);
  if (info?.isDirectory()) return resolveFile(root, join(decoded, 'index.html'));
  return info?.isFile() ? candidate : undefined;
}

/**
 * Starts a server; port 0 picks a free one. Resolves to { url, close }. `headers` add to or (set to undefined) remove
 * the common headers; `types` overrides content types by extension, e.g. { '.wasm': 'application/octet-stream' } to act
 * like an LMS file server. `maxHeaderSize` (bytes) admits longer URLs than Node's 16 KiB, for tests of huge links.
 * `onServe({ path, body })` hears of every file sent (the browser benchmark counts bytes). `gzip` compresses text and
 * WASM for browsers that accept it, as a web host does (the phone benchmark's slow 4G carries the compressed bytes).
 */
export async function startServer({
  root = defaultRoot,
  host = '127.0.0.1',
  port = 0,
  headers = {},
  types: typeOverrides = {},
  maxHeaderSize,
  onServe = () => {},
  gzip = false,
} = {}) {
  const siteRoot = resolve(root);
  const typeOf = (file) => typeOverrides[extname(file)] ?? types[extname(file)] ?? 'application/octet-stream';
  const server = createServer({ ...(maxHeaderSize ? { maxHeaderSize } : {}) }, async (request, response) => {
    const common = Object.fromEntries(
      Object.entries({
        'Content-Security-Policy': contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
        ...headers,
      }).filter(([, value]) => value !== undefined),
    );
    try {
      const file = await resolveFile(siteRoot, new URL(request.url ?? '/', 'http://x').pathname);
      if (!file) {
        response.writeHead(404, { ...common, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const body = await readFile(file);
      onServe({ path: new URL(request.url ?? '/', 'http://x').pathname, body });
      const type = typeOf(file);
      const compress =
        gzip && /gzip/.test(request.headers['accept-encoding'] ?? '') && !/font|image\/png|zip/.test(type);
      const sent = compress ? gzipSync(body, { level: 6 }) : body;
      const encoding = compress ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {};
      response.writeHead(200, { ...common, ...encoding, 'Content-Type': type });
      response.end(request.method === 'HEAD' ? undefined : sent);
    } catch (error) {
      response.writeHead(400, { ...common, 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
    }
  });
  await new Promise((done, fail) => server.once('error', fail).listen(port, host, done));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}/`,
    // Browsers keep idle (and speculative) connections open; a test's server must not wait minutes for them.
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

// `npm start`: a fixed port when free (8080 or PORT), else any free one.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const wanted = Number(process.env.PORT ?? 8080);
  const server = await startServer({ port: wanted }).catch(() => startServer({ port: 0 }));
  console.log(`Attention Lab is served at ${server.url}  (Ctrl+C stops it)`);
}
