// The static site's Content-Security-Policy (scripts/serve.mjs), for every page the tool serves: its own scripts and
// WebAssembly only, no inline script, nothing from other origins. tests/server/site.test.mjs holds the two equal.
export const contentSecurityPolicy =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; style-src-attr 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'self'";
