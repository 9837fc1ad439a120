import { expect, test, type Page } from '@playwright/test';
import { agentOfListing, issueDeskToken, logInDesk } from './desk-support';
import { cityUrl, deskUrl } from './support';

/**
 * Each host kind has its own root layout and stylesheet (docs/web.md "Roots and stylesheets"): the desk loads the
 * palette and element defaults every front shares (app/base.css) and its own styles, never the desktop site's
 * stylesheet (app/globals.css: the 1200-px page, header, footer).
 */

/** Rules only the desktop site's shell has: its header, main menu and footer, and the 1200-px page. */
const DESKTOP_SHELL = ['.site-header', '.main-nav', '.site-footer', 'min-width:var(--width)'];

/** Every byte of CSS the page has: its stylesheets (linked or inline), as the browser received them. */
async function cssOf(page: Page): Promise<{ sheets: number; text: string }> {
  // Read by the page itself: Node-side requests cannot resolve *.localhost (TOOLCHAIN.md).
  const { sheets, texts } = await page.evaluate(async () => {
    const hrefs = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href);
    const inline = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '');
    const linked = await Promise.all(hrefs.map(async (href) => (await fetch(href)).text()));
    return { sheets: hrefs.length, texts: [...linked, ...inline] };
  });
  // Minified or not: compare without white space.
  return { sheets, text: texts.join('\n').replace(/\s+/g, '') };
}

test('a desktop page has the desktop shell’s rules (what the desk must not load)', async ({ page }) => {
  await page.goto(cityUrl('bj', '/'));
  const { sheets, text } = await cssOf(page);
  expect(sheets).toBeGreaterThan(0);
  for (const rule of DESKTOP_SHELL) expect(text, rule).toContain(rule);
});

test('the desk loads no byte of the desktop stylesheet, before and after logging in', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const desk = await context.newPage();
  await desk.goto(deskUrl());
  await expect(desk.getByRole('button', { name: '进入工作台' })).toBeVisible();
  const before = await cssOf(desk);
  // Its own styles and the shared palette are there: the check below is not passed by a page with no CSS at all.
  expect(before.sheets).toBeGreaterThan(0);
  expect(before.text).toContain('--brand-strong:');
  for (const rule of DESKTOP_SHELL) expect(before.text, rule).not.toContain(rule);
  // The page is 960 px at least (the desk's own), not the desktop site's 1200.
  expect(await desk.evaluate(() => getComputedStyle(document.body).minWidth)).toBe('0px');

  const agent = await agentOfListing(request, 17);
  await logInDesk(desk, await issueDeskToken(request, agent.agentId));
  const after = await cssOf(desk);
  expect(after.sheets).toBeGreaterThan(0);
  for (const rule of DESKTOP_SHELL) expect(after.text, rule).not.toContain(rule);
  await context.close();
});
