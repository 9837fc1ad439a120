'use client';
import { useRef, useState, type KeyboardEvent } from 'react';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '@contracts/constants';
import { composerDraft } from '@/lib/chat/composer-rules';
import { formMessages } from '@/lib/client/form-messages';
import type { DeskCopy } from './desk-copy';
import styles from './desk.module.css';

export interface DeskComposerProps {
  copy: DeskCopy;
  busy: boolean;
  onSend: (text: string) => Promise<boolean>;
  onImage: (file: File) => void;
  onRefuseImage: (message: string) => void;
  onPickListing: () => void;
  onCard: () => void;
  onPhone: () => void;
}

/**
 * The reply box (spec §5): Enter sends, Alt/Ctrl/Shift+Enter a new line, 140 characters, blank not sent; and the tools:
 * an image (checked by name and size before it goes up), a listing, the agent's card, a phone request.
 */
export function DeskComposer({ copy, busy, onSend, onImage, onRefuseImage, onPickListing, onCard, onPhone }: DeskComposerProps) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  // The same rule as the user's composer (spec §5): the counter counts what would be sent, blank text counts 0.
  const { body, length, tooLong } = composerDraft(text);
  const sendable = body !== null && !busy;

  const submit = async () => {
    if (body === null || busy) return;
    if (await onSend(body)) setText('');
  };

  // spec §5: Enter sends; Alt, Ctrl or Shift with Enter makes a new line (Shift does by itself in a textarea).
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if (e.shiftKey) return;
    e.preventDefault();
    if (e.altKey || e.ctrlKey || e.metaKey) {
      const el = e.currentTarget;
      const at = el.selectionStart;
      const next = `${text.slice(0, at)}\n${text.slice(el.selectionEnd)}`;
      setText(next);
      requestAnimationFrame(() => {
        el.selectionStart = el.selectionEnd = at + 1;
      });
      return;
    }
    void submit();
  };

  const pick = (f: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!f) return;
    const ext = /\.([^.]+)$/.exec(f.name)?.[1]?.toLowerCase() ?? '';
    if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext))
      return onRefuseImage(formMessages.upload.badFormat(copy.imageFormats));
    if (f.size > UPLOAD_MAX_BYTES) return onRefuseImage(formMessages.upload.tooLarge(UPLOAD_MAX_MB));
    onImage(f);
  };

  return (
    <div className={styles.composer}>
      <div className={styles.tools}>
        <button type="button" className="btn" disabled={busy} onClick={() => file.current?.click()}>
          {copy.image}
        </button>
        <input
          ref={file}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          hidden
          onChange={(e) => pick(e.target.files?.[0])}
          data-testid="desk-image-input"
        />
        <button type="button" className="btn" disabled={busy} onClick={onPickListing}>
          {copy.sendListing}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onCard}>
          {copy.sendCard}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onPhone}>
          {copy.requestPhone}
        </button>
      </div>
      <textarea
        ref={box}
        className={styles.input}
        value={text}
        placeholder={copy.placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        aria-label={copy.placeholder}
      />
      <div className={styles.sendRow}>
        <span className={tooLong ? styles.counterOver : styles.counter}>{copy.counter.replace('{n}', String(length))}</span>
        <button type="button" className="btn btn--primary" disabled={!sendable} onClick={() => void submit()}>
          {copy.send}
        </button>
      </div>
    </div>
  );
}
