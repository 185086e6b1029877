import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountTranslator } from '../../src/account-steps';
import { signUp } from '../../src/auth-steps';
import { connectBrowser, openTab, VIEWPORTS } from '../../src/browser';
import { demoFund, shownMoney } from '../../src/fund-steps';
import { screenshot, screenshotOnFailure } from '../../src/screenshots';
import { freshMobile, sharedServer, type JourneyServer } from '../../src/server';

/**
 * A fund's page arrives rendered by the server (decision 027, issue 6): a signed-in investor who opens
 * `/fund/{id}` gets its head, chart words and sections in the HTML itself, readable before any script
 * runs; the browser then takes that markup over (`#root[data-first-screen="taken-over"]`, no rebuild,
 * no error) and the page works as if built in the browser. On a desktop the layout is the desktop's from
 * the first frame. A visitor who chose the light theme gets the page built in the browser, in light.
 */

let server: JourneyServer;
let browser: Browser;
beforeAll(async () => {
  server = sharedServer();
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const t = accountTranslator('fa');

describe("a fund's page rendered by the server, taken over by the browser (fa)", () => {
  test('the HTML carries the page; scripts off it is readable; on a phone and a desktop the browser takes it over and it works', async () => {
    const tab = await openTab(browser, VIEWPORTS.phone, { baseURL: server.baseUrl });
    const { page, context } = tab;
    screenshotOnFailure(page, 'fund-first-screen-fa-phone');
    await page.goto('/auth');
    await signUp(page, server.baseUrl, t, 'fa', freshMobile());
    const gold = await demoFund(page, 'demo-zarrin-gold');
    const price = shownMoney(t, gold.latestNav!.nav);

    // The document itself: the page in Persian, the state it was rendered with, for this visitor only.
    const doc = await page.request.get(`/fund/${gold.id}`, { headers: { accept: 'text/html' } });
    expect(doc.status()).toBe(200);
    expect(doc.headers()['cache-control']).toBe('private, no-store');
    const html = await doc.text();
    expect(html).toContain(`>${gold.name.fa}</h1>`);
    expect(html).toContain(price);
    expect(html).toContain(t('funds:allocation.title'));
    expect(html).toContain('<script type="application/json" id="first-screen">');
    expect(html).toContain(`<title>${gold.name.fa} | ${t('app.name')}</title>`);

    // Without scripts, the server's markup is the page.
    const noScript = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    await noScript.addCookies(await context.cookies());
    const bare = await noScript.newPage();
    await bare.goto(`${server.baseUrl}/fund/${gold.id}`);
    await bare.getByRole('heading', { level: 1, name: gold.name.fa }).waitFor();
    await bare.getByText(price, { exact: true }).first().waitFor();
    expect(await bare.locator('#root').getAttribute('data-first-screen')).toBeNull();
    await noScript.close();

    // With scripts: taken over, not rebuilt, and it works.
    const scripts: string[] = [];
    page.on('request', (r) => (r.resourceType() === 'script' ? scripts.push(r.url()) : undefined));
    await page.goto(`/fund/${gold.id}`);
    await page.locator('#root[data-first-screen="taken-over"]').waitFor();
    await page.getByRole('heading', { level: 1, name: gold.name.fa }).waitFor();
    // The consultation form at the foot: its code is fetched only when it comes near the screen, and the
    // server's markup of it is then taken over (not thrown away), and works.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((u) => u.includes('consultation-section'))).toEqual([]);
    const consultation = page.getByRole('form', { name: t('funds:consultation.title'), exact: true });
    await consultation.scrollIntoViewIfNeeded();
    await expect.poll(() => scripts.some((u) => u.includes('consultation-section'))).toBe(true);
    const tomorrow = consultation.getByRole('radio', { name: t('funds:consultation.days.Tomorrow'), exact: true });
    // The section's code has been asked for; until it has run and taken the markup over, a click on the
    // server's radio is undone by the take-over (seen once with two journeys side by side on 2 cores):
    // click until the taken-over radio keeps it.
    await expect
      .poll(async () => {
        await tomorrow.click();
        return tomorrow.isChecked();
      })
      .toBe(true);
    expect(await page.locator('#root').getAttribute('data-first-screen')).toBe('taken-over');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page
      .locator('.MuiBottomNavigation-root')
      .getByRole('link', { name: t('nav.funds') })
      .waitFor();
    await screenshot(page, 'fund-first-screen-fa-phone');
    await page.getByRole('tab', { name: t('funds:fund.tabs.about'), exact: true }).click();
    await page.waitForURL(/content=about/);
    await page.getByRole('tab', { name: t('funds:fund.tabs.about'), selected: true }).waitFor();
    expect(await page.locator('#root').getAttribute('data-first-screen')).toBe('taken-over');
    expect(tab.errors).toEqual([]);

    // A desktop: the side navigation from the server's first frame, taken over as it is.
    const desk = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: server.baseUrl, locale: 'fa-IR' });
    await desk.addCookies(await context.cookies());
    const wide = await desk.newPage();
    const deskErrors: string[] = [];
    wide.on('console', (m) => (m.type() === 'error' ? deskErrors.push(m.text()) : undefined));
    wide.on('pageerror', (e) => deskErrors.push(e.message));
    const wideDoc = await (await desk.request.get(`/fund/${gold.id}`, { headers: { accept: 'text/html' } })).text();
    expect(wideDoc).not.toContain('MuiBottomNavigation-root');
    await wide.goto(`/fund/${gold.id}`);
    await wide.locator('#root[data-first-screen="taken-over"]').waitFor();
    await wide
      .getByRole('navigation', { name: t('nav.label') })
      .getByRole('link', { name: t('nav.funds') })
      .waitFor();
    expect(await wide.locator('.MuiBottomNavigation-root').count()).toBe(0);
    await screenshot(wide, 'fund-first-screen-fa-desktop');
    expect(deskErrors).toEqual([]);

    // The light theme, chosen on this device: the page is built here, in light.
    await wide.evaluate(() => window.localStorage.setItem('themeMode', 'light'));
    await wide.goto(`/fund/${gold.id}`);
    await wide.locator('#root[data-first-screen="built"]').waitFor();
    await wide.getByRole('heading', { level: 1, name: gold.name.fa }).waitFor();
    expect(await wide.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(14, 20, 27)');
    expect(deskErrors).toEqual([]);
    await desk.close();
    await context.close();
  });
});
