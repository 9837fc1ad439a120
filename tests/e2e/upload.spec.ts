import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { cityUrl, logInByApi } from './support';

/**
 * Upload (spec §5 image upload): the avatar through the upload component — ticket, PostObject to the local OSS host,
 * callback, POST /v1/user/avatar — and the refusals: by name and size in the browser (copy.md messages), by
 * the bytes on the server.
 */

/** A new user (each test changes its avatar), logged in by the API (the login page is login.spec.ts'), on 个人资料. */
async function logIn(page: Page): Promise<void> {
  await logInByApi(page.context());
  await page.goto(cityUrl('bj', '/personal/account/info'));
  await expect(page.getByRole('button', { name: '更换头像' })).toBeVisible();
  // Hydrated: a file set before then would reach no handler.
  await expect(page.locator('.photo-upload')).toHaveAttribute('data-ready', 'true');
}

const input = (page: Page) => page.getByTestId('photo-upload-input');

test('a png avatar is uploaded and shown', async ({ page }) => {
  await logIn(page);
  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: { r: 0, g: 174, b: 102 } } })
    .png()
    .toBuffer();
  await input(page).setInputFiles({ name: 'Me.PNG', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('status').filter({ hasText: '头像已更新' })).toBeVisible();
  const avatar = page.getByTestId('avatar-current');
  await expect(avatar).toHaveAttribute('src', /^\/oss\/ub\/avatar\/[0-9a-f]{20}\/[0-9a-f]{24}\.png$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
  // It stays after a reload: the user's avatarUrl changed.
  await page.reload();
  await expect(page.getByTestId('avatar-current')).toHaveAttribute('src', /^\/oss\/ub\/avatar\/[0-9a-f]{20}\/[0-9a-f]{24}\.png$/);
});

test('a .gif, a file over 5 MB and an empty file are refused in the browser with the copy messages', async ({ page }) => {
  await logIn(page);
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  await input(page).setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: gif });
  await expect(page.getByRole('alert').filter({ hasText: '文件格式仅限jpg、jpeg、png格式！' })).toBeVisible();
  await input(page).setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
  await expect(page.getByRole('alert').filter({ hasText: '图片大小不能超过5MB！' })).toBeVisible();
  // An empty file: its own words, not "too large".
  await input(page).setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
  await expect(page.getByRole('alert').filter({ hasText: '上传失败，文件为空' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '图片大小不能超过5MB！' })).toHaveCount(0);
  await expect(page.locator('.photo-upload__item')).toHaveCount(0);
});

test('a file named .jpg that is not an image is refused by the server', async ({ page }) => {
  await logIn(page);
  const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
  await input(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: html });
  const failed = page.locator('.photo-upload__item[data-status="failed"]');
  await expect(failed).toContainText('文件不是jpg或png图片');
  await expect(failed.getByRole('button', { name: '重试' })).toBeVisible();
  // Nothing was saved: the default avatar is still shown.
  await expect(page.locator('.avatar-upload__current [data-default-avatar]')).toBeVisible();
});
