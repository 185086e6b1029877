import { launch, investor, shot } from './.h4-shots.mjs';
const GOLD = 'f7ba1065-43cd-49a6-bb2a-9f71e9fb056d';
const FARAZ = 'f8ca8844-e3a2-4552-9d66-fe92d8128e27';
const browser = await launch();
for (const [lng, viewport, name] of [['en', { width: 1366, height: 900 }, 'desktop'], ['ar', { width: 390, height: 844 }, 'phone']]) {
  const { ctx, page } = await investor(browser, viewport);
  await page.goto(`/fund/purchase/${GOLD}?amount=1000000&lng=${lng}`);
  await page.getByRole('form').waitFor();
  await page.waitForTimeout(2000);
  await shot(page, `purchase-${lng}-${name}`);
  await page.goto(`/fund/redeem/${GOLD}?lng=${lng}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(1500);
  await shot(page, `redeem-${lng}-${name}`);
  await page.goto(`/fund/purchase/${FARAZ}?amount=12.5&lng=${lng}`);
  await page.getByRole('form').waitFor();
  await page.waitForTimeout(2000);
  await shot(page, `purchase-usdt-${lng}-${name}`);
  await ctx.close();
}
await browser.close();
