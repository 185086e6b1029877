import { launch, investor, fund, shot } from './.h4-shots.mjs';
const browser = await launch();
const { ctx, page } = await investor(browser, { width: 390, height: 844 });
const funds = await (await page.request.get('/api/funds')).json();
console.log(funds.items.map((f) => [f.code, f.id, f.currency, f.buyingPaused, f.latestNav?.navDate]).join('\n'));
const w = await (await page.request.get('/api/wallets')).json();
console.log(JSON.stringify(w.items.map((x) => [x.currency, x.available])));
await ctx.close();
await browser.close();
