import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoUpload } from '@/components/upload/photo-upload';
import { screenPicks } from '@/lib/upload/photo-picks';

/** The photo upload's limits (spec §5 defaults, copy.md's words): format, 5 MB, 9 photos, one batch at a time. */

const api = vi.hoisted(() => ({ fetchUploadTicket: vi.fn(), uploadCallback: vi.fn() }));
vi.mock('@/lib/client/api-endpoints', () => api);

const MB = 1024 * 1024;
const jpg = (name = 'a.jpg', size = 1024) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const jpgs = (n: number) => Array.from({ length: n }, (_, i) => jpg(`p${i}.jpg`));

function pick(files: File[]) {
  const input = screen.getByTestId('photo-upload-input') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}
const notices = () => [...document.querySelectorAll('.photo-upload__notices li')].map((li) => li.textContent);
const tiles = () => document.querySelectorAll('.photo-upload__item');

describe('PhotoUpload limits', () => {
  beforeAll(() => {
    // jsdom has no object URLs; the tiles' previews need one.
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
  });
  beforeEach(() => {
    vi.clearAllMocks();
    // The ticket never comes: the batch stays "going up" for the test to look at.
    api.fetchUploadTicket.mockReturnValue(new Promise(() => {}));
  });
  afterEach(cleanup);

  it('ten picked at once: nine go up, the tenth is cut with 文件数量不能超过9', async () => {
    render(<PhotoUpload value={[]} onChange={() => {}} />);
    await act(async () => pick(jpgs(10)));
    expect(tiles()).toHaveLength(9);
    expect(notices()).toEqual(['文件数量不能超过9']);
    // One ticket for the batch, for nine keys.
    await vi.waitFor(() => expect(api.fetchUploadTicket).toHaveBeenCalledTimes(1));
    expect(api.fetchUploadTicket.mock.calls[0]![1]).toMatchObject({ uploadSize: 9 });
    // Nine tiles: no add button any more.
    expect(screen.queryByRole('button', { name: /上传图片/ })).toBeNull();
  });

  it('a smaller max counts the photos already there', async () => {
    const done = [{ key: 'ub/process/u1/a.jpg', url: '/oss/a.jpg', thumbUrl: '/oss/a_thumb.jpg' }];
    render(<PhotoUpload value={done} onChange={() => {}} max={3} />);
    expect(screen.getByText('1/3')).toBeTruthy();
    await act(async () => pick(jpgs(3)));
    expect(tiles()).toHaveLength(3);
    expect(notices()).toEqual(['文件数量不能超过3']);
  });

  it('a wrong format and a file over 5 MB are refused by name and size, each message once; the rest go up', async () => {
    render(<PhotoUpload value={[]} onChange={() => {}} />);
    await act(async () =>
      pick([jpg('a.gif'), jpg('b.webp'), jpg('big.png', 5 * MB + 1), jpg('ok.JPG'), jpg('edge.jpeg', 5 * MB)]),
    );
    expect(notices()).toEqual(['文件格式仅限jpg、jpeg、png格式！', '图片大小不能超过5MB！']);
    expect(tiles()).toHaveLength(2);
  });

  it('while a batch goes up, another pick is refused with 图片未上传完成，请稍候...', async () => {
    render(<PhotoUpload value={[]} onChange={() => {}} />);
    await act(async () => pick([jpg()]));
    expect(document.querySelector('.photo-upload')?.getAttribute('data-busy')).toBe('true');
    await act(async () => pick([jpg('second.jpg')]));
    expect(notices()).toEqual(['图片未上传完成，请稍候...']);
    expect(tiles()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /上传图片/ }));
    expect(notices()).toEqual(['图片未上传完成，请稍候...']);
    await vi.waitFor(() => expect(api.fetchUploadTicket).toHaveBeenCalledTimes(1));
  });
});

describe('screenPicks', () => {
  it('takes what fits and names every refusal once', () => {
    expect(screenPicks(jpgs(4), 6, 9)).toEqual({ taken: jpgs(4).slice(0, 3), notices: ['文件数量不能超过9'] });
    expect(screenPicks(jpgs(2), 9, 9).taken).toEqual([]);
    expect(screenPicks([jpg('x.bmp'), jpg('y.bmp')], 0, 9)).toEqual({ taken: [], notices: ['文件格式仅限jpg、jpeg、png格式！'] });
    expect(screenPicks([jpg('z.png', 0)], 0, 9)).toEqual({ taken: [], notices: ['上传失败，文件为空'] });
  });

  it('5 MB is allowed, one byte more is not', () => {
    expect(screenPicks([jpg('a.jpg', 5 * MB)], 0, 9).taken).toHaveLength(1);
    expect(screenPicks([jpg('a.jpg', 5 * MB + 1)], 0, 9)).toEqual({ taken: [], notices: ['图片大小不能超过5MB！'] });
  });
});
