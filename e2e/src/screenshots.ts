import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Screenshots of every run (git-ignored). */
export const ARTIFACTS_DIR = path.join(e2eDir, 'artifacts');
/** Screenshots the README shows (committed); written only with `E2E_UPDATE_SCREENSHOTS=1`. */
export const DOCS_SCREENSHOTS_DIR = path.join(e2eDir, '..', 'docs', 'screenshots');

const updateDocs = () => process.env.E2E_UPDATE_SCREENSHOTS === '1';

/**
 * Saves what the viewport shows as `artifacts/<name>.png`, once the page's fonts are in (Vazirmatn
 * loads after first paint), with animations finished and no caret. With `docs` and
 * `E2E_UPDATE_SCREENSHOTS=1`, also copies it to `docs/screenshots/<docs>` (the README's pictures).
 * Viewport, not full page: fixed and sticky bars (header, bottom navigation) stay where a user sees them.
 */
export async function screenshot(page: Page, name: string, { docs }: { docs?: string } = {}): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  if (docs && updateDocs()) {
    mkdirSync(DOCS_SCREENSHOTS_DIR, { recursive: true });
    copyFileSync(file, path.join(DOCS_SCREENSHOTS_DIR, docs));
  }
  return file;
}

/** When the running test fails, saves what the page showed as `artifacts/failed-<name>.png`. */
export function screenshotOnFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await page
      .screenshot({ path: path.join(ARTIFACTS_DIR, `failed-${name}.png`), fullPage: true })
      .catch(() => undefined);
  });
}
