import { launch, operator, shot } from './.h4-shots.mjs';
const GOLD = 'f7ba1065-43cd-49a6-bb2a-9f71e9fb056d';
const browser = await launch();
for (const [name, viewport, lng] of [['desktop', { width: 1366, height: 900 }, 'en'], ['desktop', { width: 1366, height: 900 }, 'fa'], ['phone', { width: 390, height: 844 }, 'fa']]) {
  const { ctx, page } = await operator(browser, viewport);
  const go = async (path) => {
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(1200);
  };
  await go('/admin/funds');
  await shot(page, `admin-funds-${lng}-${name}`);
  await go(`/admin/funds/${GOLD}`);
  await shot(page, `admin-fund-details-${lng}-${name}`);
  for (const tab of ['navs', 'announcements', 'orders', 'dividends']) {
    await go(`/admin/funds/${GOLD}?tab=${tab}`);
    await shot(page, `admin-fund-${tab}-${lng}-${name}`);
  }
  await go('/admin/funds/new');
  await page.getByRole('button', { name: lng === 'en' ? 'Create fund' : 'ساخت صندوق' }).click();
  await page.waitForTimeout(600);
  await shot(page, `admin-fund-new-errors-${lng}-${name}`);
  await go('/admin/consultations');
  await shot(page, `admin-consultations-${lng}-${name}`);
  await ctx.close();
}
await browser.close();
