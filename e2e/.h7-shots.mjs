import { chromium } from 'playwright-core';
import { generate } from 'otplib';
const base = 'http://localhost:4397';
const WID = '3c2b1a09-8f7e-4d6c-9b5a-493827161504';
const withdrawal = {
  id: WID, currency: 'IRT', amount: '1250000', status: 'Pending', state: 'Pending',
  bankAccountId: 'b0b0b0b0-0000-4000-8000-000000000001',
  sheba: 'IR820170000000123456781357', shebaMasked: 'IR8201****************1357',
  rejectReason: null, payoutAt: null, createdAt: new Date(Date.now() - 3600e3).toISOString(), updatedAt: new Date().toISOString(),
  user: { id: '7d4f6a0e-3b1c-4f5e-9a2b-1c2d3e4f5a6b', mobile: '+989121112233', firstName: 'علی', lastName: 'رضایی' },
  cardNumberMasked: '603799******1234', reviewComment: null, reviewerId: null, reviewedAt: null,
  approvalsNeeded: 1, firstApproval: null,
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx0 = await browser.newContext({ baseURL: base });
const r1 = await ctx0.request.post('/api/auth/password/login', { data: { mobile: '09120000001', password: 'Demo-Operator-1!' } });
const j1 = await r1.json();
console.log('login', r1.status(), Object.keys(j1));
const code = await generate({ secret: 'PORTALDEMOOPERATORKEY234567ABCDE', epoch: Math.floor(Date.now() / 1000) });
const r2 = await ctx0.request.post('/api/auth/two-factor/verify', { data: { challengeToken: j1.challengeToken, code } });
console.log('verify', r2.status());
const state = await ctx0.storageState();
for (const [name, vp] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 900 }]]) {
  const ctx = await browser.newContext({ baseURL: base, viewport: vp, storageState: state, deviceScaleFactor: 1, isMobile: name === 'phone', hasTouch: name === 'phone' });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.route(`**/api/admin/withdrawals/${WID}`, (r) => r.fulfill({ json: withdrawal }));
  await page.route(/\/api\/admin\/withdrawals(\?.*)?$/, (r) => r.fulfill({ json: { items: [withdrawal], total: 1, page: 1, pageSize: 20 } }));
  await page.goto('/admin/audit');
  try { await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15000 }); } catch (e) { await page.screenshot({ path: `/tmp/h7/shots/fail-${name}.png` }); console.log('fail at', page.url()); throw e; }
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/h7/shots/audit-${name}.png`, fullPage: false });
  const top = await page.evaluate(() => { const el = document.querySelector('ul[aria-label], table'); return el ? el.getBoundingClientRect().top + window.scrollY : 0; });
  await page.screenshot({ path: `/tmp/h7/shots/audit-${name}-list.png`, fullPage: true, clip: { x: 0, y: top - 20, width: vp.width, height: 900 } });
  await page.goto('/admin/audit?mobile=09120000001&action=auth.&from=' + new Date().toISOString().slice(0, 10));
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/h7/shots/audit-filtered-${name}.png`, fullPage: true });
  console.log(name, 'audit url', page.url());
  await page.goto(`/admin/withdrawals/${WID}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/h7/shots/withdrawal-${name}.png`, fullPage: true });
  await page.goto(`/admin/withdrawals`);
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/h7/shots/withdrawals-${name}.png`, fullPage: false });
  await ctx.close();
}
await browser.close();
