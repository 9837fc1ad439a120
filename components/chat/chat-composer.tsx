'use client';
import { useRef, useState, type KeyboardEvent } from 'react';
import { IM_TEXT_MAX } from '@contracts/im-constants';
import { CHAT_IMAGE_ACCEPT } from '@/lib/chat/chat-images';
import { composerDraft } from '@/lib/chat/composer-rules';
import { chatWidgetMessages } from '@/lib/chat/chat-messages';
import { messages } from '@/lib/client/messages';

const M = { ...messages.chat, ...chatWidgetMessages };

export interface ChatComposerProps {
  onText(text: string): void;
  onImages(files: File[]): void;
  onPhoneRequest(): void;
  uploading: boolean;
}

/**
 * The composer (spec §5): Enter sends; Alt, Ctrl or Shift with Enter makes a new line; 140 characters; blank text
 * is not sent; images (jpg, jpeg, png, bmp, several at once) and 交换电话.
 */
export function ChatComposer({ onText, onImages, onPhoneRequest, uploading }: ChatComposerProps) {
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const { body, length, tooLong } = composerDraft(text);

  const submit = () => {
    if (body === null) return;
    onText(body);
    setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if (e.shiftKey) return; // the textarea's own new line
    e.preventDefault();
    if (e.altKey || e.ctrlKey || e.metaKey) {
      // Alt/Ctrl+Enter make no new line by themselves in a textarea: insert it where the caret is.
      const el = e.currentTarget;
      const { selectionStart: start, selectionEnd: end } = el;
      const next = `${text.slice(0, start)}\n${text.slice(end)}`;
      setText(next);
      requestAnimationFrame(() => el.setSelectionRange(start + 1, start + 1));
      return;
    }
    submit();
  };

  return (
    <div className="chat-composer">
      <div className="chat-composer__tools">
        <button type="button" className="chat-tool" disabled={uploading} onClick={() => file.current?.click()}>
          {M.image}
        </button>
        <input
          ref={file}
          type="file"
          accept={CHAT_IMAGE_ACCEPT}
          multiple
          hidden
          aria-label={M.image}
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])];
            e.currentTarget.value = '';
            if (files.length) onImages(files);
          }}
        />
        <button type="button" className="chat-tool" onClick={onPhoneRequest}>
          {M.exchangePhone}
        </button>
        {uploading && <span className="chat-composer__uploading">{M.uploading}</span>}
      </div>
      <textarea
        ref={area}
        className="chat-composer__input"
        aria-label={M.input}
        // Where focus goes when the conversation opens (./chat-dialog.tsx).
        data-autofocus
        placeholder={M.placeholder}
        rows={3}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__foot">
        <span className={`chat-composer__count${tooLong ? ' chat-composer__count--over' : ''}`} aria-live="polite">
          {tooLong ? M.tooLong(IM_TEXT_MAX) : M.count(length, IM_TEXT_MAX)}
        </span>
        <button type="button" className="btn btn--primary chat-composer__send" disabled={body === null} onClick={submit}>
          {M.send}
        </button>
      </div>
    </div>
  );
}
