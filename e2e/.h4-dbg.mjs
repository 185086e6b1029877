import { launch, operator } from './.h4-shots.mjs';
const GOLD = 'f7ba1065-43cd-49a6-bb2a-9f71e9fb056d';
const browser = await launch();
const { ctx, page } = await operator(browser, { width: 390, height: 844 });
for (const tab of ['navs']) {
  await page.goto(`/admin/funds/${GOLD}?tab=${tab}&lng=fa`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(1500);
  const r = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      const b = el.getBoundingClientRect();
      let a = el.parentElement, clipped = false;
      while (a && a !== document.body && a !== document.documentElement) { const o = getComputedStyle(a).overflowX; if (o !== 'visible') { clipped = true; break; } a = a.parentElement; }
      if (!clipped && (b.width > vw + 1 || b.left < -1)) out.push(`${el.tagName}.${String(el.className).slice(0, 60)} w=${Math.round(b.width)} l=${Math.round(b.left)}`);
    }
    return { sw: document.documentElement.scrollWidth, vw, out: out.slice(0, 8) };
  });
  console.log(tab, JSON.stringify(r, null, 1));
}
await page.goto('/admin/bank-statements?lng=fa');
await page.waitForTimeout(1500);
console.log('bank', await page.evaluate(() => document.documentElement.scrollWidth));
await ctx.close(); await browser.close();
