// Throwaway screenshot driver (helper session h4); lives under e2e/ only to resolve playwright-core/otplib.
import { chromium } from 'playwright-core';
import { generate } from 'otplib';
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';

const WEB = 'http://127.0.0.1:5301';
const API = 'http://127.0.0.1:3301';
const loc = (lng, ns) => JSON.parse(readFileSync(`/work/main/apps/web/src/locales/${lng}/${ns}.json`, 'utf8'));
const dicts = { fa: { translation: loc('fa', 'translation'), account: loc('fa', 'account') } };
const t = (key) => {
  const [ns, k] = key.includes(':') ? key.split(':') : ['translation', key];
  return k.split('.').reduce((o, p) => o?.[p], dicts.fa[ns]);
};
const fa = (s) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[d]);

async function code(mobile) {
  for (let i = 0; i < 20; i++) {
    const r = await fetch(`${API}/api/dev/outbox?mobile=${mobile}`).then((r) => r.json());
    const m = /\b(\d{6})\b/.exec(r.items?.[0]?.body ?? r.items?.[0]?.text ?? JSON.stringify(r.items?.[0] ?? ''));
    if (m) return m[1];
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('no code');
}

export async function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function investor(browser, viewport, lng = 'fa') {
  const state = '/tmp/h4/investor-state.json';
  const ctx = await browser.newContext({ viewport, baseURL: WEB, locale: 'fa-IR', ...(existsSync(state) ? { storageState: state } : {}) });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
  if (existsSync(state)) {
    const me = await page.request.get('/api/account');
    if (me.ok()) return { ctx, page };
  }
  await page.goto(`/auth?lng=${lng}`);
  const mobile = '09120000000';
  await page.getByRole('textbox', { name: t('auth.mobile.label'), exact: true }).pressSequentially(mobile);
  await page.getByRole('button', { name: t('auth.mobile.submit'), exact: true }).click();
  await page.getByRole('heading', { name: t('auth.code.titleLogin'), exact: true }).waitFor();
  await page.getByLabel(t('auth.code.label'), { exact: true }).pressSequentially(await code(mobile));
  await page.getByRole('button', { name: t('auth.code.submitLogin'), exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await ctx.storageState({ path: state });
  return { ctx, page };
}

export async function operator(browser, viewport) {
  const state = '/tmp/h4/operator-state.json';
  const ctx = await browser.newContext({ viewport, baseURL: WEB, locale: 'fa-IR', ...(existsSync(state) ? { storageState: state } : {}) });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
  if (existsSync(state)) {
    const me = await page.request.get('/api/admin/me');
    if (me.ok()) return { ctx, page };
  }
  await page.goto('/auth?lng=fa');
  await page.getByRole('textbox', { name: t('auth.mobile.label'), exact: true }).pressSequentially('09120000001');
  await page.getByRole('button', { name: t('auth.mobile.submit'), exact: true }).click();
  await page.getByRole('heading', { name: t('account:login.title'), exact: true }).waitFor();
  await page.getByLabel(t('account:password.label'), { exact: true }).fill('Demo-Operator-1!');
  await page.getByRole('button', { name: t('account:login.submit'), exact: true }).click();
  await page.getByRole('heading', { name: t('account:totp.title'), exact: true }).waitFor();
  const wait = 30 - (Math.floor(Date.now() / 1000) % 30);
  if (wait < 4) await page.waitForTimeout(wait * 1000 + 500);
  await page.getByLabel(t('account:totp.label'), { exact: true }).pressSequentially(await generate({ secret: 'PORTALDEMOOPERATORKEY234567ABCDE' }));
  await page.getByRole('button', { name: t('account:totp.submit'), exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await ctx.storageState({ path: state });
  return { ctx, page };
}

/** Toman into the investor's wallet through the sandbox gateway (started through the API, paid at its page). */
export async function fund(page, toman) {
  const started = await page.request.post('/api/wallet/deposits/gateway', { headers: { 'idempotency-key': randomUUID() }, data: { amount: toman } });
  const { depositId, redirectUrl } = await started.json();
  await page.goto(redirectUrl);
  await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get('Status') === 'OK');
  const authority = new URL(page.url()).searchParams.get('Authority');
  const v = await page.request.post(`/api/wallet/deposits/${depositId}/verify`, { data: { authority, status: 'OK' } });
  return v.json();
}

export const shot = (page, name) => page.screenshot({ path: `/tmp/h4-shots/${name}.png`, fullPage: true });
export { fa, t };
