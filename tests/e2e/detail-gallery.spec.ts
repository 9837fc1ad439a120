import { expect, test, type APIRequestContext } from '@playwright/test';
import { ApiPath } from '@contracts/paths';
import type { EsfDetail, EsfListPage } from '@contracts/esf';
import { BACKEND, cityUrl } from './support';

/** A 北京 home for sale with at least `n` photos, as the backend answers it. */
async function homeWithPhotos(request: APIRequestContext, n: number): Promise<EsfDetail> {
  const res = await request.get(`${BACKEND}${ApiPath.esfList}?cityCode=110000&pageSize=30`);
  const { list } = ((await res.json()) as { data: EsfListPage }).data;
  for (const item of list) {
    const d = ((await (await request.get(`${BACKEND}${ApiPath.esfDetail}/${item.id}`)).json()) as { data: EsfDetail }).data;
    if (d.photos.length >= n) return d;
  }
  throw new Error(`no home with ${n} photos among the first ${list.length}`);
}

for (const width of [1280, 1440, 1920]) {
  test(`at ${width} px the detail's strip shows six whole thumbnails, the arrows step and the photo opens large`, async ({
    page,
  }) => {
    const d = await homeWithPhotos(page.request, 7);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(cityUrl('bj', `/ershoufang/xiangqing/${d.id}`));
    const strip = page.locator('.gallery__thumbs');
    const thumbs = strip.getByRole('button');
    await expect(thumbs).toHaveCount(d.photos.length);
    const box = (await strip.boundingBox())!;
    for (let i = 0; i < 6; i++) {
      const t = (await thumbs.nth(i).boundingBox())!;
      expect(t.x, `thumbnail ${i + 1} starts inside the strip`).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(t.x + t.width, `thumbnail ${i + 1} ends inside the strip`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }

    const caption = page.locator('.gallery__caption');
    const count = d.photos.length;
    await expect(caption).toHaveText(`${d.photos[0]!.title} 1/${count}`);
    // The page hydrates before the arrows answer: pressed until they do.
    await expect(async () => {
      await page.getByRole('button', { name: '下一张' }).click({ timeout: 2000 });
      await expect(caption).toHaveText(`${d.photos[1]!.title} 2/${count}`, { timeout: 1000 });
    }).toPass({ timeout: 90_000 });
    await page.getByRole('button', { name: '上一张' }).click();
    await page.getByRole('button', { name: '上一张' }).click();
    await expect(caption).toHaveText(`${d.photos[count - 1]!.title} ${count}/${count}`);
    // The last thumbnail was scrolled into the strip's view.
    const last = (await thumbs.nth(count - 1).boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 0.5);

    await page.locator('.gallery__open').click();
    const large = page.getByRole('dialog', { name: '查看大图' });
    await expect(large.locator('.photo-viewer__position')).toHaveText(`${count}/${count}`);
    await page.keyboard.press('ArrowRight');
    await expect(large.locator('.photo-viewer__position')).toHaveText(`1/${count}`);
    await page.keyboard.press('Escape');
    await expect(large).toBeHidden();
    await expect(caption).toHaveText(`${d.photos[0]!.title} 1/${count}`);
    await expect(page.locator('.gallery__open')).toBeFocused();
  });
}

test('by keyboard the first press steps the photo and keeps the focus, and the photo opens large and gives the focus back', async ({
  page,
}) => {
  const d = await homeWithPhotos(page.request, 3);
  await page.goto(cityUrl('bj', `/ershoufang/xiangqing/${d.id}`));
  const caption = page.locator('.gallery__caption');
  const count = d.photos.length;
  const next = page.getByRole('button', { name: '下一张' });
  // The page hydrates before the arrows answer: pressed until they do.
  await expect(async () => {
    await next.focus({ timeout: 2000 });
    await page.keyboard.press('Enter');
    await expect(caption).toHaveText(`${d.photos[1]!.title} 2/${count}`, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(caption).toHaveText(`${d.photos[2]!.title} 3/${count}`);
  await page.locator('.gallery__open').focus();
  await page.keyboard.press('Enter');
  const large = page.getByRole('dialog', { name: '查看大图' });
  await expect(large.locator('.photo-viewer__position')).toHaveText(`3/${count}`);
  await page.keyboard.press('Escape');
  await expect(large).toBeHidden();
  await expect(page.locator('.gallery__open')).toBeFocused();
});
