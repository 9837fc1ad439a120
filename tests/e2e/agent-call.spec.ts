import { expect, test } from '@playwright/test';
import { cityUrl, serverHtml } from './support';

/**
 * 拨打电话 on a listing's agent card: the agent's mobile is in no page, cached for everyone as pages are,
 * and in no answer; a click asks for a virtual number — the portal's 400 line and an extension bound to the agent
 * and this browser's device code for 30 days — and shows it with a tel: link that dials both, and what it means.
 */
test('an agent’s mobile is not in the page; 拨打电话 shows a virtual number with its extension', async ({ page, request }) => {
  const list = await (await serverHtml(request, 'bj', '/ershoufang/')).text();
  const ids = [...list.matchAll(/href="\/ershoufang\/xiangqing\/(\d+)"/g)].map((m) => m[1]);
  expect(ids.length).toBeGreaterThan(0);
  // The first listing whose agent can be contacted (spec §3: most agents are; some left or cannot be reached).
  for (const id of [...new Set(ids)]) {
    await page.goto(cityUrl('bj', `/ershoufang/xiangqing/${id}`));
    const call = page.getByRole('button', { name: '拨打电话' });
    if ((await call.count()) === 0) {
      await expect(page.locator('.agent-card__status')).toHaveText(
        /经纪人已离职，请联系其他经纪人|暂时无法联系，请联系其他经纪人/,
      );
      continue;
    }
    const html = await (await serverHtml(request, 'bj', `/ershoufang/xiangqing/${id}`)).text();
    expect(html).not.toMatch(/tel:|(?<!\d)1[3-9]\d{9}(?!\d)/);
    const answered = page.waitForResponse((res) => res.url().includes('/v1/agent/phone'));
    await call.click();
    const body = await (await answered).text();
    expect(body).not.toMatch(/(?<!\d)1[3-9]\d{9}(?!\d)/);
    const number = page.locator('a.agent-card__phone');
    await expect(number).toHaveText(/^400-800-1234 转 [1-9]\d{3}$/);
    const extension = (await number.textContent())!.split(' 转 ')[1]!;
    await expect(number).toHaveAttribute('href', `tel:4008001234,${extension}`);
    await expect(page.locator('.agent-card__phone-note')).toContainText(`分机号${extension}`);
    await expect(page.locator('.agent-card__phone-note')).toContainText('30天内有效');
    // The same browser (device code) asking again after a reload keeps its extension.
    await page.reload();
    await page.getByRole('button', { name: '拨打电话' }).click();
    await expect(page.locator('a.agent-card__phone')).toHaveText(`400-800-1234 转 ${extension}`);
    return;
  }
  throw new Error('no listing on the first page has an agent who can be contacted');
});
