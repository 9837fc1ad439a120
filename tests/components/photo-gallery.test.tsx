import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhotoGallery } from '@/components/detail/photo-gallery';

const PHOTOS = ['客厅', '卧室', '厨房', '卫生间', '卧室', '餐厅', '阳台', '户型图'].map((title, i) => ({
  url: `/oss/seed/${i}.jpg`,
  title,
}));

const caption = () => document.querySelector('.gallery__caption')?.textContent;

describe('PhotoGallery: a detail page’s photos', () => {
  afterEach(cleanup);

  it('steps with the arrows beside the big photo, round the ends (the first press loads the code and is done by it)', async () => {
    render(<PhotoGallery photos={PHOTOS} alt="望京西园 3室1厅" />);
    expect(caption()).toBe('客厅 1/8');
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    await waitFor(() => expect(caption()).toBe('卧室 2/8'));
    expect(screen.getByAltText('望京西园 3室1厅 卧室')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    expect(caption()).toBe('户型图 8/8');
    // The strip marks the photo shown.
    const current = document.querySelector('.gallery__thumbs [aria-current="true"]');
    expect(current?.getAttribute('aria-label')).toBe('户型图');
  });

  it('opens the big photo large (its code loaded on the first open); the keys step, Esc closes and the focus goes back to the photo', async () => {
    render(<PhotoGallery photos={PHOTOS} alt="望京西园 3室1厅" />);
    const next = screen.getByRole('button', { name: '下一张' });
    next.focus();
    fireEvent.click(next);
    await waitFor(() => expect(caption()).toBe('卧室 2/8'));
    // The first press's button keeps the focus in the loaded gallery.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '下一张' }));
    const opener = screen.getByRole('button', { name: '查看大图 卧室' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: '查看大图' });
    expect(within(dialog).getByText('2/8')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '关闭' }));
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByText('3/8')).toBeTruthy();
    expect(within(dialog).getByText('厨房')).toBeTruthy();
    // Tab stays among the dialog's buttons.
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The page shows the photo last seen large, and the keyboard carries on from where it opened.
    expect(caption()).toBe('厨房 3/8');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '查看大图 厨房' }));
  });

  it('a click beside the photo closes it', async () => {
    render(<PhotoGallery photos={PHOTOS} alt="望京西园" />);
    fireEvent.click(screen.getByRole('button', { name: '查看大图 客厅' }));
    fireEvent.click(await screen.findByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a lone cover has neither arrows nor a strip', () => {
    render(<PhotoGallery photos={[]} coverUrl="/oss/seed/cover.jpg" alt="望京西园" />);
    expect(screen.getByAltText('望京西园')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '下一张' })).toBeNull();
    expect(document.querySelector('.gallery__thumbs')?.hasAttribute('hidden')).toBe(true);
  });
});
