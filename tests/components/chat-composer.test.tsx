import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatComposer } from '@/components/chat/chat-composer';
import { composerDraft } from '@/lib/chat/composer-rules';

/** The chat panel's send rules (spec §5): Enter sends, blank text is not sent, 140 characters at most. */

function renderComposer() {
  const onText = vi.fn();
  render(<ChatComposer onText={onText} onImages={vi.fn()} onPhoneRequest={vi.fn()} uploading={false} />);
  const box = screen.getByRole('textbox', { name: '消息内容' }) as HTMLTextAreaElement;
  const send = screen.getByRole('button', { name: '发送' }) as HTMLButtonElement;
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  const enter = (init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(box, { key: 'Enter', ...init });
  return { onText, box, send, type, enter };
}

describe('ChatComposer', () => {
  afterEach(cleanup);

  it('Enter sends the text and empties the box; the button sends too', () => {
    const c = renderComposer();
    c.type('你好');
    c.enter();
    expect(c.onText).toHaveBeenCalledWith('你好');
    expect(c.box.value).toBe('');
    c.type('还在吗');
    fireEvent.click(c.send);
    expect(c.onText).toHaveBeenLastCalledWith('还在吗');
  });

  it('blank text is not sent: the button is disabled and Enter does nothing', () => {
    const c = renderComposer();
    expect(c.send.disabled).toBe(true);
    for (const blank of ['   ', '\n\n', ' \n\t ']) {
      c.type(blank);
      expect(c.send.disabled).toBe(true);
      c.enter();
    }
    expect(c.onText).not.toHaveBeenCalled();
  });

  it('the counter counts what would be sent: blank text is 0, and blank past 140 is not 最多输入140个字', () => {
    const c = renderComposer();
    c.type('   \n\t  ');
    expect(screen.getByText('0/140')).toBeTruthy();
    c.type(' '.repeat(141));
    expect(screen.getByText('0/140')).toBeTruthy();
    expect(screen.queryByText('最多输入140个字')).toBeNull();
    c.type('\n  你好 \n');
    expect(screen.getByText('5/140')).toBeTruthy();
  });

  it('leading and trailing line breaks are stripped from what is sent', () => {
    const c = renderComposer();
    c.type('\n\n第一行\n第二行\n');
    c.enter();
    expect(c.onText).toHaveBeenCalledWith('第一行\n第二行');
  });

  it('140 characters go; 141 show 最多输入140个字 and are not sent', () => {
    const c = renderComposer();
    c.type('好'.repeat(140));
    expect(screen.getByText('140/140')).toBeTruthy();
    expect(c.send.disabled).toBe(false);
    c.type('好'.repeat(141));
    expect(screen.getByText('最多输入140个字')).toBeTruthy();
    expect(c.send.disabled).toBe(true);
    c.enter();
    expect(c.onText).not.toHaveBeenCalled();
  });

  it('characters are counted as the service counts them: an emoji is one', () => {
    const c = renderComposer();
    c.type('😀'.repeat(140));
    expect(screen.getByText('140/140')).toBeTruthy();
    c.enter();
    expect(c.onText).toHaveBeenCalledWith('😀'.repeat(140));
  });

  it('Shift+Enter and Enter while composing (IME) do not send', () => {
    const c = renderComposer();
    c.type('你好');
    c.enter({ shiftKey: true });
    c.enter({ isComposing: true });
    expect(c.onText).not.toHaveBeenCalled();
  });
});

describe('composerDraft', () => {
  it('gives the body to send, or null for blank and over-long text', () => {
    expect(composerDraft('\n hi \n')).toEqual({ body: ' hi ', length: 4, tooLong: false });
    expect(composerDraft(' \n ')).toEqual({ body: null, length: 0, tooLong: false });
    expect(composerDraft('a'.repeat(141))).toEqual({ body: null, length: 141, tooLong: true });
    expect(composerDraft('\n😀😀\n').length).toBe(2);
  });
});
