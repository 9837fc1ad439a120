import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhotoUpload } from '@/components/upload/photo-upload';

/** What the upload component refuses in the browser, before any ticket is asked (copy.md messages). */
function pick(files: File[]) {
  const input = screen.getByTestId('photo-upload-input') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

describe('PhotoUpload refusals', () => {
  afterEach(cleanup);

  it('an empty (0-byte) file gets 上传失败，文件为空, not the "too large" message, and is not sent', () => {
    render(<PhotoUpload value={[]} onChange={() => {}} />);
    pick([new File([], 'empty.png', { type: 'image/png' })]);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('上传失败，文件为空');
    expect(alert.textContent).not.toContain('图片大小不能超过');
    expect(document.querySelectorAll('.photo-upload__item')).toHaveLength(0);
  });

  it('a file over 5 MB still gets 图片大小不能超过5MB！', () => {
    render(<PhotoUpload value={[]} onChange={() => {}} />);
    pick([new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })]);
    expect(screen.getByRole('alert').textContent).toContain('图片大小不能超过5MB！');
    expect(screen.getByRole('alert').textContent).not.toContain('文件为空');
  });
});
