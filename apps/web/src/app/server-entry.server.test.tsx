/**
 * The server's renderer of a fund page's first screen (decision 027), in Node as the API runs it, with
 * the API's answers given by the test: the markup, the styles the browser will find made, and the state
 * it takes the markup over with.
 */
import { describe, expect, it } from 'vitest';
import { accountFixture } from '@/test/account-fixture';
import { FUND_IDS, fundDetailFixture, fundHoldingFixture } from '@/features/funds/test-fixtures';
import type { FirstScreenState } from '@/lib/first-screen';
import { render, type RenderRequest } from './server-entry';

const id = FUND_IDS.gold;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the renderer sees it: the answers given, 404 for anything else; every call recorded. */
function api(answers: Record<string, () => Response>) {
  const calls: string[] = [];
  const call: RenderRequest['api'] = (url) => {
    calls.push(url);
    const answer = answers[url];
    return Promise.resolve(answer ? answer() : json({ code: 'NOT_FOUND', message: 'no' }, 404));
  };
  return { calls, call };
}

const signedIn = () =>
  api({
    '/api/account': () => json(accountFixture({ user: { mobile: '+989121234567' } })),
    [`/api/funds/${id}`]: () => json(fundDetailFixture()),
    [`/api/funds/${id}/holding`]: () => json(fundHoldingFixture()),
    [`/api/funds/${id}/navs?range=1m`]: () =>
      json({
        range: '1m',
        points: [
          { navDate: '2026-02-10', nav: '100000' },
          { navDate: '2026-03-10', nav: '125000' },
        ],
      }),
  });

const request = (over: Partial<RenderRequest> & Pick<RenderRequest, 'api'>): RenderRequest => ({
  url: `/fund/${id}`,
  headers: {},
  language: 'fa',
  desktop: false,
  ...over,
});

const stateOf = (script: string): FirstScreenState => {
  const body = /^<script type="application\/json" id="first-screen">(.*)<\/script>$/s.exec(script)?.[1];
  if (!body) throw new Error(`not the state block: ${script.slice(0, 80)}`);
  expect(body).not.toContain('<');
  return JSON.parse(body) as FirstScreenState;
};

describe("the server's first screen of a fund page", { timeout: 60_000 }, () => {
  it('renders the not-found page, asking no fund, for an address whose id is not an id (issue 19)', async () => {
    const server = signedIn();
    const result = await render(request({ url: '/fund/abc', api: server.call }));
    expect(result.rendered).toBe(true);
    if (!result.rendered) return;
    expect(result.html).toContain('صفحه پیدا نشد');
    expect(server.calls.filter((u) => u.startsWith('/api/funds/'))).toEqual([]);
  });

  it('renders the head, the chart and the sections under it in Persian, with every style it made', async () => {
    const server = signedIn();
    const result = await render(request({ api: server.call }));
    if (!result.rendered) throw new Error(`not rendered: ${result.reason}`);
    expect(result.lang).toBe('fa');
    expect(result.dir).toBe('rtl');
    expect(result.title).toBe('صندوق طلای نمونه | پرتال سرمایه‌گذاری');
    // The document's title went to the head (an icon's own SVG <title> stays where it is).
    expect(result.html.startsWith('<title>')).toBe(false);
    // The head, the chart's words and, in a first screen, the sections a browser would add after its paint.
    expect(result.html).toContain('<h1');
    expect(result.html).toContain('صندوق طلای نمونه');
    expect(result.html).toContain('ارزش هر واحد');
    expect(result.html).toContain('+۲۵٫۰۰٪');
    expect(result.html).toContain('ترکیب دارایی‌ها');
    expect(result.html).toContain('کارمزدها');
    // Rendered from the data alone (nothing read from a browser's address): the same on both sides.
    expect(result.html).toContain('href="https://example.com/prospectus.pdf"');
    // No part was left to its fallback.
    expect(result.html).not.toContain('<!--$!-->');
    // A phone's frame: the bottom navigation, not the side one.
    expect(result.html).toContain('MuiBottomNavigation-root');

    // Each class on the page has its rule in the head's styles, flipped for right to left.
    expect(result.styles).toMatch(/^<style data-emotion="muirtl-global /);
    const classes = new Set(
      [...result.html.matchAll(/class="([^"]*)"/g)].flatMap((m) =>
        m[1]!
          .split(' ')
          // (`muirtl-0` is the class of no style at all.)
          .filter((c) => c.startsWith('muirtl-') && c !== 'muirtl-0')
          .map((c) => c.slice('muirtl-'.length)),
      ),
    );
    expect(classes.size).toBeGreaterThan(20);
    const made = new Set(/<style data-emotion="muirtl ([^"]*)">/.exec(result.styles)?.[1]?.split(' '));
    for (const c of classes) expect(made.has(c), `style of muirtl-${c}`).toBe(true);
    // And the styles of the layers a component is built of, which the browser computes on its way.
    expect(made.size).toBeGreaterThan(classes.size);
    expect(result.styles).toContain('padding-right:16px;padding-left:16px');

    const state = stateOf(result.state);
    expect(state).toMatchObject({ v: 1, lng: 'fa', desktop: false });
    const keys = state.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain('["account"]');
    expect(state.queries.queries.every((q) => q.state.status === 'success')).toBe(true);
    expect(Object.values(state.router.loaderData ?? {})).toEqual(expect.arrayContaining([null]));

    // The page asked for its own data, as the visitor, and nothing twice.
    expect(server.calls).toEqual(expect.arrayContaining(['/api/account', `/api/funds/${id}`]));
    expect(new Set(server.calls).size).toBe(server.calls.length);
  });

  it("a desktop's frame when the headers say so, and the visitor's language", async () => {
    const result = await render(request({ api: signedIn().call, desktop: true, language: 'en' }));
    if (!result.rendered) throw new Error(`not rendered: ${result.reason}`);
    expect(result.dir).toBe('ltr');
    expect(result.html).not.toContain('MuiBottomNavigation-root');
    expect(result.html).toContain('Funds');
    expect(result.styles).toMatch(/^<style data-emotion="mui-global /);
    expect(stateOf(result.state)).toMatchObject({ lng: 'en', desktop: true });
  });

  it('a failed call is left to the browser: rendered as loading, not carried over', async () => {
    const server = signedIn();
    const result = await render(
      request({
        api: (url) =>
          url === `/api/funds/${id}/navs?range=1m`
            ? Promise.resolve(json({ code: 'INTERNAL', message: 'down' }, 500))
            : server.call(url, {}),
      }),
    );
    if (!result.rendered) throw new Error(`not rendered: ${result.reason}`);
    const state = stateOf(result.state);
    expect(state.queries.queries.map((q) => JSON.stringify(q.queryKey)).join()).not.toContain('navs');
    expect(result.html).toContain('صندوق طلای نمونه');
    expect(result.html).not.toContain('+۲۵٫۰۰٪');
  });

  it('renders nothing for a visitor who is not signed in', async () => {
    const result = await render(
      request({ api: () => Promise.resolve(json({ code: 'UNAUTHENTICATED', message: 'no' }, 401)) }),
    );
    expect(result).toEqual({ rendered: false, reason: 'not signed in' });
  });
});

describe("the server's sign-in page (decision 043)", { timeout: 60_000 }, () => {
  const anonymous = () => api({});

  it('renders the auth screen for anyone, asking the API nothing, with its styles and an empty state', async () => {
    const server = anonymous();
    const result = await render(request({ url: '/auth', api: server.call }));
    if (!result.rendered) throw new Error(`not rendered: ${result.reason}`);
    expect(server.calls).toEqual([]);
    expect(result.title).toBe('ورود یا ثبت‌نام | پرتال سرمایه‌گذاری');
    expect(result.html).toContain('<h1');
    expect(result.html).toContain('id="auth-mobile"');
    // Not typed into nor submitted before the browser has taken the form over.
    expect(result.html).toMatch(
      /<input[^>]*readOnly=""[^>]*id="auth-mobile"|<input[^>]*id="auth-mobile"[^>]*readOnly=""/,
    );
    expect(result.html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(result.styles).toMatch(/<style data-emotion="muirtl [^"]*MuiButton-root[^"]*">/);
    const state = stateOf(result.state);
    expect(state).toMatchObject({ v: 1, lng: 'fa', desktop: false, router: {} });
    expect(state.queries.queries).toEqual([]);
    expect(result.lang).toBe('fa');
    expect(result.dir).toBe('rtl');
  });

  it('in the language asked for, whatever the query', async () => {
    const result = await render(request({ url: '/auth?next=%2Fwallet', language: 'en', api: anonymous().call }));
    if (!result.rendered) throw new Error(`not rendered: ${result.reason}`);
    expect(result).toMatchObject({ lang: 'en', dir: 'ltr', title: 'Log in or sign up | Investment Portal' });
  });
});
