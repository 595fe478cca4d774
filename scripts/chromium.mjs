// How every test and benchmark starts Debian's Chromium: headless as root, and never reaching for the network.
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launch options for playwright-core: Debian's binary (or CHROMIUM_PATH), headless, with the flags above. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: chromiumFlags,
};

/** Where a test runner's shared Chromium listens (a playwright-core browser server), for test files to connect to. */
export const sharedChromiumVariable = 'ATTENTION_LAB_CHROMIUM';
