import { expect, type Locator, type Page } from '@playwright/test';

/** Whether the focused element is inside `dialog` (and is not the dialog box itself). */
const focusInside = (dialog: Locator) =>
  dialog.evaluate((d) => d !== document.activeElement && d.contains(document.activeElement));

/**
 * A modal dialog as a keyboard user meets it (WAI-ARIA APG "Dialog (Modal)"): shown as a modal (the page behind is
 * inert, screen readers read the dialog alone), focus inside it, and Tab round more times than it has stops, then
 * Shift+Tab back past its first, never leaving it.
 */
export async function expectModalWithFocusKeptIn(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  await expect.poll(() => focusInside(dialog)).toBe(true);
  const stops = await dialog.evaluate(
    (d) =>
      [...d.querySelectorAll('a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled])')].filter(
        (el) => el.getClientRects().length > 0,
      ).length,
  );
  expect(stops).toBeGreaterThan(1);
  for (let i = 0; i <= stops; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `Tab ${i + 1} of ${stops + 1}`).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog), `Shift+Tab ${i + 1}`).toBe(true);
  }
}
