import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (scripts/ensure-chromium.sh), or KASSA_CHROMIUM. Never a browser download. */
const CHROMIUM = process.env['KASSA_CHROMIUM'] ?? '/usr/bin/chromium';

// Without the background-networking flags, Chromium reaches for Google's hosts at every start, which
// this machine's closed network refuses many times over.
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface TestBrowser {
  readonly browser: Browser;
  close(): Promise<void>;
}

/** A headless Chromium (playwright-core keeps its profile in a temporary folder it removes on close). */
export async function launchChromium(): Promise<TestBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  return { browser, close: () => browser.close() };
}
