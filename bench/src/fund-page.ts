/**
 * The fund page (`/fund/{fundId}`, issue 6) as a phone loads it, signed in:
 *
 *   (1) its initial JavaScript: every JS response Chromium receives up to network idle, gzip -9 as in
 *       web-size.ts (the bench's other initial-JS figure), listed file by file;
 *   (2) its Lighthouse performance score with Lighthouse's default config, which is the mobile one: a
 *       Moto G Power sized screen (412 × 823, DPR 1.75), simulated throttling (slow 4G: 150 ms RTT,
 *       1.6 Mbit/s down; CPU ×4), fresh Chromium, empty cache. Median of `runs` runs per page, and the same
 *       for the auth page for reference.
 *
 * The user is a fresh investor signed in through the API (OTP from the dev outbox); the session cookie
 * goes into Chromium's cookie jar in (1) and (2) (and Lighthouse's `extraHeaders` too: see `setCookies`
 * for why the header alone does not keep the user signed in). The fund is the first one
 * `GET /api/funds` lists (the embedded demo seeds them). `pagePath` measures another signed-in page
 * instead (a diagnostic, e.g. `/wallet`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { SESSION } from '@portal/contract/core/constants';
import { type PortalServer, signIn } from './api-throughput';
import { CHROMIUM_ARGS, type JsMeasure, measurePageJs } from './web-size';

/** A new number of its own: not the demo investor (…0000), the operator (…0001) nor the api bench's (…0101). */
const FUND_BENCH_MOBILE = '09125550106';
/** The dashboard is measured as the demo investor sees it (issue 19): the embedded demo gives them holdings. */
const DEMO_INVESTOR_MOBILE = '09120000000';

export interface LighthouseRun {
  /** 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes of script as served (Lighthouse's resource summary: on the wire, compressed only if the server compresses). */
  scriptTransferBytes: number;
  /** Lighthouse's CPU benchmark of this machine (≈ 1000+ for a desktop; lower numbers make simulated TBT worse). */
  benchmarkIndex: number;
  /**
   * The machine's 1-minute load average when the run ended. Simulated throttling multiplies the CPU time
   * observed here by 4, so a busy machine inflates TBT and LCP: compare runs at similar loads.
   */
  loadAverage: number;
  finalUrl: string;
  warnings: string[];
  lighthouseVersion: string;
}

export interface LighthouseOpportunity {
  id: string;
  title: string;
  /** Lighthouse's estimate of what fixing it would save on the load (ms), as displayed. */
  savings: string;
}

export interface LighthousePage {
  url: string;
  runs: LighthouseRun[];
  /** Each figure the median of its own across the runs. */
  median: Omit<LighthouseRun, 'finalUrl' | 'warnings' | 'lighthouseVersion'>;
  /** The opportunities and diagnostics Lighthouse reports in the run with the median score. */
  opportunities: LighthouseOpportunity[];
}

/** The server's rendering of the page (decision 027), from the document's `Server-Timing` header. */
export interface ServerRender {
  /** Whether the server rendered the page (else it sent index.html and the browser builds it). */
  rendered: boolean;
  /** Median render time over the requests, ms (the first after the server started excluded). */
  medianMs: number | null;
  requests: number;
  /** Document bytes on the wire (brotli) and decoded, of the last request. */
  wireBytes: number;
  htmlBytes: number;
}

export interface FundPageResult {
  /** The path measured: `/fund/{id}`, or `pagePath` when given. */
  path: string;
  serverRender: ServerRender;
  fund: { id: string; code: string; name: string } | null;
  initialJs: JsMeasure & { finalUrl: string };
  lighthouse: {
    version: string;
    page: LighthousePage;
    authPage: LighthousePage;
    /** The dashboard (`/`) of the demo investor (issue 19); null when not asked for. */
    dashboard: LighthousePage | null;
  };
  /** The server's rendering of the dashboard's document, as for the page. */
  dashboardServerRender: ServerRender | null;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function firstFund(baseUrl: string, cookie: string): Promise<{ id: string; code: string; name: string }> {
  const res = await fetch(`${baseUrl}/api/funds`, { headers: { cookie } });
  const text = await res.text();
  if (!res.ok)
    throw new Error(
      `GET /api/funds: HTTP ${res.status} ${text.slice(0, 200)} (set BENCH_FUND_PAGE_PATH to measure another page)`,
    );
  const body = JSON.parse(text) as { items?: { id: string; code: string; name: { fa: string } }[] };
  const fund = body.items?.[0];
  if (!fund)
    throw new Error(
      'GET /api/funds listed no fund: the embedded demo seeds none (set BENCH_FUND_PAGE_PATH to measure another page)',
    );
  return { id: fund.id, code: fund.code, name: fund.name.fa };
}

export interface Cookie {
  name: string;
  value: string;
}

/**
 * Puts the session cookie into the cookie jar of the Chromium Lighthouse is about to drive. Lighthouse's
 * `extraHeaders: { Cookie }` is not enough here: it rides on every request only until the page writes a
 * cookie of its own (the app stores `i18next=fa`), after which Chromium sends the jar's Cookie header and
 * `GET /api/account` goes out without the session (401, the app redirects to /auth). Lighthouse leaves
 * cookies alone when it resets storage (its default `clearStorageTypes`), so the jar is the way in.
 */
async function setCookies(port: number, url: string, cookies: Cookie[]): Promise<void> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the Chromium for Lighthouse has no default context');
    await context.addCookies(cookies.map((c) => ({ ...c, url: new URL(url).origin })));
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run (performance only, default mobile config) in a Chromium of its own. */
async function lighthouseOnce(
  url: string,
  chromiumPath: string,
  cookies: Cookie[],
): Promise<{ run: LighthouseRun; opportunities: LighthouseOpportunity[] }> {
  const chrome = await launchChrome({ chromePath: chromiumPath, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    if (cookies.length) await setCookies(chrome.port, url, cookies);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      // Also on the document request, as Lighthouse documents for signed-in pages (the jar has it too).
      ...(cookies.length ? { extraHeaders: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const lhr = result.lhr;
    // BENCH_LIGHTHOUSE_DIR: keep each run's report (treemap, bootup time, long tasks) to look into.
    const keepDir = process.env.BENCH_LIGHTHOUSE_DIR?.trim();
    if (keepDir) {
      mkdirSync(keepDir, { recursive: true });
      const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_') || '_'}-${Date.now()}.json`;
      writeFileSync(path.join(keepDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score for ${url}`);
    const audit = (id: string) => lhr.audits[id];
    const numeric = (id: string) => {
      const v = audit(id)?.numericValue;
      if (typeof v !== 'number') throw new Error(`Lighthouse audit ${id} has no value for ${url}`);
      return v;
    };
    const summary = audit('resource-summary')?.details;
    const scriptRow =
      summary && summary.type === 'table'
        ? summary.items.find((item) => (item as { resourceType?: string }).resourceType === 'script')
        : undefined;
    const opportunities: LighthouseOpportunity[] = [];
    for (const ref of lhr.categories.performance?.auditRefs ?? []) {
      const a = audit(ref.id);
      // The failing opportunities and diagnostics (the metrics themselves carry the weight).
      if (!a || ref.weight > 0 || a.scoreDisplayMode !== 'metricSavings' || a.score === null || a.score >= 0.9)
        continue;
      opportunities.push({ id: a.id, title: a.title, savings: a.displayValue ?? '' });
    }
    return {
      run: {
        score: Math.round(score * 100),
        fcpMs: Math.round(numeric('first-contentful-paint')),
        lcpMs: Math.round(numeric('largest-contentful-paint')),
        tbtMs: Math.round(numeric('total-blocking-time')),
        cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
        speedIndexMs: Math.round(numeric('speed-index')),
        scriptTransferBytes: Number((scriptRow as { transferSize?: number } | undefined)?.transferSize ?? 0),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        loadAverage: Number((os.loadavg()[0] ?? 0).toFixed(1)),
        finalUrl: lhr.finalDisplayedUrl,
        lighthouseVersion: lhr.lighthouseVersion,
        warnings: lhr.runWarnings,
      },
      opportunities,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * A run again when Lighthouse or its Chromium fails (a runtime error such as NO_NAVSTART or NO_FCP, or a
 * protocol timeout, which a busy machine provokes now and then): at most `LIGHTHOUSE_ATTEMPTS` tries, reported.
 */
const LIGHTHOUSE_ATTEMPTS = 3;
async function lighthouseRetrying(
  url: string,
  chromiumPath: string,
  cookies: Cookie[],
): Promise<{ run: LighthouseRun; opportunities: LighthouseOpportunity[] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, chromiumPath, cookies);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (attempt >= LIGHTHOUSE_ATTEMPTS) throw err;
      console.log(`    (attempt ${attempt} failed, again: ${message.split('\n')[0]})`);
    }
  }
}

/** `runs` Lighthouse runs of one page; fails when a run ends elsewhere (e.g. redirected to `/auth`). */
export async function lighthousePage(
  url: string,
  chromiumPath: string,
  runs: number,
  cookies: Cookie[] = [],
): Promise<LighthousePage> {
  const done: { run: LighthouseRun; opportunities: LighthouseOpportunity[] }[] = [];
  const expected = new URL(url).pathname;
  for (let i = 0; i < runs; i++) {
    const r = await lighthouseRetrying(url, chromiumPath, cookies);
    const landed = new URL(r.run.finalUrl).pathname;
    if (landed !== expected) throw new Error(`Lighthouse loaded ${expected} but ended on ${landed}`);
    console.log(
      `    run ${i + 1}/${runs}: score ${r.run.score}, FCP ${r.run.fcpMs} ms, LCP ${r.run.lcpMs} ms, TBT ${r.run.tbtMs} ms, ` +
        `CLS ${r.run.cls} (benchmark index ${r.run.benchmarkIndex}, load average ${r.run.loadAverage})`,
    );
    for (const w of r.run.warnings) console.log(`      Lighthouse warns: ${w}`);
    done.push(r);
  }
  const all = done.map((d) => d.run);
  const m = (pick: (r: LighthouseRun) => number) => median(all.map(pick));
  const medianScore = m((r) => r.score);
  const medianRun = done.reduce((best, d) =>
    Math.abs(d.run.score - medianScore) < Math.abs(best.run.score - medianScore) ? d : best,
  );
  return {
    url,
    runs: all,
    median: {
      score: medianScore,
      fcpMs: m((r) => r.fcpMs),
      lcpMs: m((r) => r.lcpMs),
      tbtMs: m((r) => r.tbtMs),
      cls: m((r) => r.cls),
      speedIndexMs: m((r) => r.speedIndexMs),
      scriptTransferBytes: m((r) => r.scriptTransferBytes),
      benchmarkIndex: m((r) => r.benchmarkIndex),
      loadAverage: m((r) => r.loadAverage),
    },
    opportunities: medianRun.opportunities,
  };
}

/**
 * Asks for the page's document `requests + 1` times as a signed-in browser would and reads the server's
 * render time from `Server-Timing: render;dur=…` (the first request, which loads the renderer, is left out).
 */
async function measureServerRender(url: string, cookie: string, requests = 10): Promise<ServerRender> {
  const durations: number[] = [];
  let wireBytes = 0;
  let htmlBytes = 0;
  for (let i = 0; i <= requests; i++) {
    const res = await fetch(url, { headers: { cookie, accept: 'text/html', 'accept-encoding': 'br' } });
    const body = await res.arrayBuffer();
    wireBytes = Number(res.headers.get('content-length') ?? 0);
    htmlBytes = body.byteLength;
    const dur = /render;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
    if (i > 0 && dur) durations.push(Number(dur));
  }
  return {
    rendered: durations.length > 0,
    medianMs: durations.length ? Math.round(median(durations)) : null,
    requests: durations.length,
    wireBytes,
    htmlBytes,
  };
}

/** Measures the fund page (and the auth page's Lighthouse figures for reference) on a running portal. */
export async function measureFundPage(
  portal: PortalServer,
  chromiumPath: string,
  opts: { runs: number; pagePath?: string; dashboard?: boolean },
): Promise<FundPageResult> {
  const cookie = await signIn(portal.baseUrl, FUND_BENCH_MOBILE);
  const [name, ...rest] = cookie.split('=');
  if (name !== SESSION.cookieName) throw new Error(`unexpected session cookie ${name}`);
  const session: Cookie = { name, value: rest.join('=') };
  const fund = opts.pagePath ? null : await firstFund(portal.baseUrl, cookie);
  const path = opts.pagePath ?? `/fund/${fund!.id}`;
  const url = `${portal.baseUrl}${path}`;

  console.log(`  page ${path}${fund ? ` (${fund.code}, ${fund.name})` : ''}`);
  const serverRender = await measureServerRender(url, cookie);
  console.log(
    serverRender.rendered
      ? `  rendered by the server: median ${serverRender.medianMs} ms over ${serverRender.requests} requests, ` +
          `${serverRender.htmlBytes} bytes of HTML`
      : '  not rendered by the server (index.html)',
  );
  const initialJs = await measurePageJs(url, chromiumPath, {
    cookies: [session],
    // The page is on screen: the fund's name (Persian, the default language), else any heading.
    ready: (page) =>
      (fund ? page.getByText(fund.name).first() : page.getByRole('heading').first()).waitFor({
        state: 'visible',
        timeout: 30_000,
      }),
  });
  const landed = new URL(initialJs.finalUrl).pathname;
  if (landed !== path) throw new Error(`Chromium loaded ${path} but ended on ${landed}`);

  console.log(`  Lighthouse, ${path}:`);
  const page = await lighthousePage(url, chromiumPath, opts.runs, [session]);
  console.log('  Lighthouse, /auth (the sign-in page, signed out):');
  const authPage = await lighthousePage(`${portal.baseUrl}/auth`, chromiumPath, opts.runs);
  let dashboard: LighthousePage | null = null;
  let dashboardServerRender: ServerRender | null = null;
  if (opts.dashboard !== false) {
    // The demo investor (OTP from the dev outbox, as a person signs in), whose dashboard has holdings.
    const demoCookie = await signIn(portal.baseUrl, DEMO_INVESTOR_MOBILE);
    const [demoName, ...demoRest] = demoCookie.split('=');
    const demo: Cookie = { name: demoName!, value: demoRest.join('=') };
    dashboardServerRender = await measureServerRender(`${portal.baseUrl}/`, demoCookie);
    console.log(
      dashboardServerRender.rendered
        ? `  the dashboard rendered by the server: median ${dashboardServerRender.medianMs} ms, ` +
            `${dashboardServerRender.htmlBytes} bytes of HTML`
        : '  the dashboard not rendered by the server (index.html)',
    );
    console.log(`  Lighthouse, / (the dashboard, the demo investor ${DEMO_INVESTOR_MOBILE}):`);
    dashboard = await lighthousePage(`${portal.baseUrl}/`, chromiumPath, opts.runs, [demo]);
  }
  return {
    path,
    serverRender,
    fund,
    initialJs,
    lighthouse: { version: page.runs[0]?.lighthouseVersion ?? 'unknown', page, authPage, dashboard },
    dashboardServerRender,
  };
}
