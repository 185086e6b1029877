import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { fileNumberInRun } from './server';

/**
 * Chromium 156's headless mode is the whole browser: every new page opens a window with the omnibox's
 * two popups as WebUI pages, each in a renderer of its own, which nobody sees. Measured on the 2-core
 * machine: 15 pages opened and closed one after the other cost 39 core-seconds with them and 13 without
 * (decision 037); a journey opens a page per tab it uses. Chromium takes the last `--disable-features`,
 * so the features Playwright itself turns off (its list in playwright-core 1.65) are repeated here.
 */
const DISABLED_FEATURES = `--disable-features=${[
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  // Playwright's own list:
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
].join(',')}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  DISABLED_FEATURES,
];

/**
 * Chromium's own test camera and microphone (a moving pattern and a tone) stand in for a person's: the
 * KYC video selfie is recorded by the page's real MediaRecorder code from them. The permission prompt
 * is answered by the context (`grantPermissions`), as a user allowing it would.
 */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream'];

/**
 * The run's one Chromium (global set-up), with the fake camera and microphone: test files connect to it
 * and each journey opens its own contexts (no cookies, no storage shared).
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
    headless: true,
  });
}

/** This test file's connection to the run's Chromium; `close()` ends the connection and its contexts. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('e2eBrowserWs'));
}

/**
 * The address this test file's visitors come from (`X-Forwarded-For`; the server trusts its proxy): one per
 * file, so the limits per address count one file's journeys, as when each file had its own server.
 */
export function visitorAddress(): string {
  const n = fileNumberInRun();
  return `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/**
 * Waits until the page is live: React has taken over the server's first screen or built the page itself
 * (`#root[data-first-screen]`, decisions 027 and 043). A click on the server's markup before that (a link,
 * the user menu) can be lost, as a person's would be; pages the server does not render are live at once.
 */
export async function waitForLivePage(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('first-screen') || Boolean(document.getElementById('root')?.dataset.firstScreen),
  );
}

/**
 * Opens `path` and waits until it is live (`waitForLivePage`): the way to open a page the server renders
 * (the dashboard, a fund's page) before clicking on it.
 */
export async function gotoLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForLivePage(page);
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far that no journey expected: a journey fails on any. */
  errors: string[];
  /**
   * Declares an HTTP error answer the journey provokes on purpose (a wrong code is a 400): the
   * browser logs such a response as a console error, which is then not counted against the page.
   */
  expectHttpError(status: number, urlPart: string): void;
}

/**
 * A fresh context (no cookies, no storage) at a viewport, from this file's visitor address; with `baseURL`, `page.goto('/')` and
 * `page.request.get('/api/…')` are relative to the server under test. Console errors are collected; a 401 from
 * the account check of a logged-out visitor is the expected way to learn there is no session, so
 * the browser's own network-error line for that response is not a page error.
 */
export async function openTab(
  browser: Browser,
  viewport: { width: number; height: number },
  { locale = 'fa-IR', baseURL }: { locale?: string; baseURL?: string } = {},
): Promise<Tab> {
  const context = await browser.newContext({
    viewport,
    locale,
    baseURL,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  // A logged-out visitor's account check answers 401: that is how the app learns there is no session.
  const expected: { status: number; urlPart: string }[] = [{ status: 401, urlPart: '/api/account' }];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    const url = msg.location().url;
    const m = /Failed to load resource: the server responded with a status of (\d+)/.exec(text);
    if (m && expected.some((e) => e.status === Number(m[1]) && url.includes(e.urlPart))) return;
    errors.push(`${text} (${url})`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { context, page, errors, expectHttpError: (status, urlPart) => expected.push({ status, urlPart }) };
}

/** axe scan: serious and critical violations, as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Only the violations are read: axe then details one node per passed or inapplicable rule instead of
  // every node, which the page serialised and the runner parsed for nothing.
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}
