import { expect, test, type Page } from '@playwright/test';
import { CHANNEL_LIST } from '@contracts/channels';
import { cityUrl } from './support';

/**
 * The header on every section (spec §2 Header: the logo and search box change with the section): at 1280, 1440 and
 * 1920 px it stays one line, 64 px high, with every entry whole inside it. The section's name beside the logo
 * (商铺出售, 写字楼出售 …) once squeezed the menu until its entries wrapped a character a line and 首页 and
 * 我是业主 were cut off.
 */
const WIDTHS = [1280, 1440, 1920];
const HEADER_HEIGHT = 64;

/** What is wrong with the header as the page shows it now; empty when nothing is. */
function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate((height) => {
    const header = document.querySelector('.site-header');
    const inner = header?.querySelector('.site-header__inner');
    if (!header || !inner) return ['no header'];
    const problems: string[] = [];
    const box = header.getBoundingClientRect();
    const row = inner.getBoundingClientRect();
    if (Math.round(box.height) !== height) problems.push(`the header is ${box.height} px high`);
    let texts = 0;
    const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // One rectangle per line the text takes; none for text that is not shown (a closed dropdown).
      const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (lines.length === 0) continue;
      texts++;
      if (lines.length > 1) problems.push(`「${text}」 wraps onto ${lines.length} lines`);
      for (const r of lines) {
        if (r.top < box.top || r.bottom > box.bottom || r.left < row.left - 1 || r.right > row.right + 1)
          problems.push(`「${text}」 sticks out of the header`);
        // Whole and on top: the point in the middle of the text shows the text's own element (nothing covers or clips it).
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(hit === node.parentElement || node.parentElement?.contains(hit) || hit.contains(node)))
          problems.push(`「${text}」 is covered or cut off`);
      }
    }
    // The logo, the city, the menu, 我是业主 and 登录/注册 at the least: an empty header would pass the checks above.
    if (texts < 8) problems.push(`only ${texts} texts in the header`);
    return problems;
  }, HEADER_HEIGHT);
}

async function expectHeaderOnOneLine(page: Page) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => headerProblems(page), { message: `the header at ${width} px on ${page.url()}` }).toEqual([]);
  }
}

test('the header on the home is one line, 64 px high, at 1280, 1440 and 1920 px', async ({ page }) => {
  await page.goto(cityUrl('bj', '/'));
  await expect(page.locator('.main-nav a.is-active')).toHaveText('首页');
  await expectHeaderOnOneLine(page);
});

for (const channel of CHANNEL_LIST) {
  test(`the header on ${channel.listPath} and one of its details is one line, 64 px high, at 1280, 1440 and 1920 px`, async ({
    page,
  }) => {
    await page.goto(cityUrl('bj', channel.listPath));
    // The section's name beside the logo is what once pushed the menu out of line.
    await expect(page.locator('.logo__section')).toBeVisible();
    await expectHeaderOnOneLine(page);

    const detail = await page.locator(`main a[href^="${channel.detailPrefix}"]`).first().getAttribute('href');
    expect(detail, `a detail link on ${channel.listPath}`).toBeTruthy();
    await page.goto(cityUrl('bj', detail!));
    await expect(page.locator('.logo__section')).toBeVisible();
    await expectHeaderOnOneLine(page);
  });
}
