'use client';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '@contracts/constants';
import type { UploadedPhoto, UploadTicket } from '@contracts/upload';
import { messages } from '@/lib/client-messages';
import { inCallbackTurn } from '@/lib/upload/callback-turns';
import { extensionOf, postObject } from '@/lib/upload/post-object';

const M = messages.upload;
const ACCEPT = [...UPLOAD_EXTENSIONS.map((e) => `.${e}`), 'image/jpeg', 'image/png'].join(',');

type Status = 'uploading' | 'checking' | 'failed' | 'done';
interface Item {
  id: number;
  status: Status;
  /** 0–100 while the bytes go up. */
  progress: number;
  /** The picked file, kept for 重试 until done. */
  file?: File;
  /** A local preview while uploading or failed (an object URL). */
  preview?: string;
  photo?: UploadedPhoto;
  error?: string;
}

export interface PhotoUploadProps {
  /** The uploaded photos, in order: a form keeps these in its draft. */
  value: readonly UploadedPhoto[];
  onChange: (photos: UploadedPhoto[]) => void;
  /** At most this many photos (spec §5: 9). */
  max?: number;
  /** One of contracts/upload.ts UPLOAD_DIRS. */
  userDir?: string;
  /** Replaces the add button's text (更换头像 …). */
  addLabel?: string;
  /** Hides the tiles of finished photos (the avatar shows its own). */
  hideDone?: boolean;
  /** Replaces the line under the tiles (最多9张，支持…). */
  hint?: string;
  /** Told when a batch starts and stops going up: a form disables its submit meanwhile. */
  onBusyChange?: (busy: boolean) => void;
}

const isAllowed = (name: string) => (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(name));
const sameKeys = (a: readonly UploadedPhoto[], b: readonly UploadedPhoto[]) =>
  a.length === b.length && a.every((p, i) => p.key === b[i]?.key);
const doneOf = (items: Item[]) => items.flatMap((i) => (i.status === 'done' && i.photo ? [i.photo] : []));

const noSubscription = () => () => {};
/** False in the server's HTML and until hydration: a file picked before then would reach no handler. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

let nextId = 1;
const fromPhotos = (photos: readonly UploadedPhoto[]): Item[] =>
  photos.map((photo) => ({ id: nextId++, status: 'done', progress: 100, photo }));

/**
 * 上传图片 (spec §5 defaults, §7 ticker → PostObject → callback): jpg/jpeg/png by name, case-insensitive, up
 * to 5 MB each, at most `max`; extras are cut with the copy's message. One batch at a time: a pick while one
 * is going up is refused with 图片未上传完成，请稍候.... Each photo shows its progress, can move left or right,
 * be deleted, and be retried when it failed. The server checks the bytes (a .jpg that is no image fails here
 * with its message) and makes the thumbnail shown in the tile.
 */
export function PhotoUpload({
  value,
  onChange,
  max = UPLOAD_MAX_FILES,
  userDir = 'ub/process',
  addLabel,
  hideDone = false,
  hint,
  onBusyChange,
}: PhotoUploadProps) {
  const [items, setItems] = useState<Item[]>(() => fromPhotos(value));
  const [notices, setNotices] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const reported = useRef<readonly UploadedPhoto[]>(value);
  const busy = items.some((i) => i.status === 'uploading' || i.status === 'checking');
  const hydrated = useHydrated();

  // What this component last told onChange: the parent's echo of it, arriving late, is no outside change.
  const [told, setTold] = useState<readonly UploadedPhoto[]>(value);
  // A value set from outside (a restored draft, a cleared form) replaces the finished photos.
  const [seenValue, setSeenValue] = useState(value);
  if (seenValue !== value) {
    setSeenValue(value);
    if (!sameKeys(value, doneOf(items)) && !sameKeys(value, told) && !busy)
      setItems((now) => [...fromPhotos(value), ...now.filter((i) => i.status === 'failed')]);
  }

  useEffect(() => {
    const done = doneOf(items);
    if (!sameKeys(done, reported.current)) {
      reported.current = done;
      setTold(done);
      onChange(done);
    }
  }, [items, onChange]);

  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  // Object URLs of local previews are let go with the component.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const all = previews.current;
    return () => all.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const update = (id: number, patch: Partial<Item>) => setItems((now) => now.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  /** Tickets for these items, then each file up and through the callback on its own. */
  const send = async (batch: { id: number; file: File }[]) => {
    const [{ browserContext, handleSessionError }, { fetchUploadTicket, uploadCallback }, { md5Hex }] = await Promise.all([
      import('@/lib/api/browser'),
      import('@/lib/api/browser-endpoints'),
      import('@/lib/md5'),
    ]);
    let ticket: UploadTicket;
    try {
      ticket = await fetchUploadTicket(browserContext(), { userDir, uploadSize: batch.length });
    } catch (err) {
      if (handleSessionError(err)) return;
      const error = err instanceof Error && err.message ? err.message : M.failed;
      setItems((now) => now.map((i) => (batch.some((b) => b.id === i.id) ? { ...i, status: 'failed', error } : i)));
      return;
    }
    await Promise.all(
      batch.map(async ({ id, file }, n) => {
        const key = `${ticket.keys[n]}.${extensionOf(file.name)}`;
        try {
          await postObject(ticket, key, file, (progress) => update(id, { progress }));
          update(id, { status: 'checking', progress: 100 });
          const md5 = md5Hex(new Uint8Array(await file.arrayBuffer()));
          // Posted in parallel, checked a few at a time: the backend takes UPLOAD_CHECKS_PER_USER at once.
          const [photo] = await inCallbackTurn(() =>
            uploadCallback(browserContext(), {
              uploads: [{ key, md5, suffix: extensionOf(file.name) }],
              userData: ticket.userData,
              viewId: '',
            }),
          );
          update(id, { status: 'done', photo, file: undefined, error: undefined });
        } catch (err) {
          if (handleSessionError(err)) return;
          update(id, { status: 'failed', error: err instanceof Error && err.message ? err.message : M.failed });
        }
      }),
    );
  };

  const pick = (files: File[]) => {
    if (busy) {
      setNotices([M.notFinished]);
      return;
    }
    const found: string[] = [];
    const ok = files.filter((f) => {
      if (!isAllowed(f.name)) {
        found.push(M.badFormat(UPLOAD_EXTENSIONS.join('、')));
        return false;
      }
      if (f.size > UPLOAD_MAX_BYTES) {
        found.push(M.tooLarge(UPLOAD_MAX_MB));
        return false;
      }
      if (f.size === 0) {
        found.push(messages.hardening.emptyFile);
        return false;
      }
      return true;
    });
    const room = Math.max(0, max - items.length);
    if (ok.length > room) found.push(M.tooMany(max));
    const taken = ok.slice(0, room);
    setNotices([...new Set(found)]);
    if (taken.length === 0) return;
    const batch = taken.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { id: nextId++, file, preview };
    });
    setItems((now) => [
      ...now,
      ...batch.map((b): Item => ({ id: b.id, status: 'uploading', progress: 0, file: b.file, preview: b.preview })),
    ]);
    void send(batch);
  };

  const retry = (item: Item) => {
    if (busy) {
      setNotices([M.notFinished]);
      return;
    }
    if (!item.file) return;
    setNotices([]);
    update(item.id, { status: 'uploading', progress: 0, error: undefined });
    void send([{ id: item.id, file: item.file }]);
  };

  const remove = (item: Item) => {
    if (item.preview) {
      URL.revokeObjectURL(item.preview);
      previews.current.delete(item.preview);
    }
    setItems((now) => now.filter((i) => i.id !== item.id));
  };

  const move = (index: number, by: -1 | 1) =>
    setItems((now) => {
      const next = [...now];
      const [it] = next.splice(index, 1);
      next.splice(index + by, 0, it!);
      return next;
    });

  const shown = hideDone ? items.filter((i) => i.status !== 'done') : items;
  // 图片未上传完成 is about the batch going up: gone once it is done.
  const shownNotices = busy ? notices : notices.filter((n) => n !== M.notFinished);
  return (
    <div className="photo-upload" data-busy={busy ? 'true' : 'false'} data-ready={hydrated ? 'true' : 'false'}>
      <ul className="photo-upload__list">
        {shown.map((item) => {
          const index = items.indexOf(item);
          // A refused file may be no image at all: its tile shows the message, not a broken preview.
          const src = item.photo?.thumbUrl ?? (item.status === 'failed' ? undefined : item.preview);
          return (
            <li key={item.id} className={`photo-upload__item is-${item.status}`} data-status={item.status}>
              {/* eslint-disable-next-line @next/next/no-img-element -- a local preview or the server's thumbnail */}
              {src && <img src={src} alt={M.photoAlt(index + 1)} width={120} height={90} />}
              {item.status === 'uploading' && (
                <div
                  className="photo-upload__progress"
                  role="progressbar"
                  aria-valuenow={item.progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <span style={{ width: `${item.progress}%` }} />
                  <em>{M.uploading(item.progress)}</em>
                </div>
              )}
              {item.status === 'checking' && (
                <div className="photo-upload__progress">
                  <em>{M.checking}</em>
                </div>
              )}
              {item.status === 'failed' && (
                <div className="photo-upload__error" role="alert">
                  <span>{item.error ?? M.failed}</span>
                  {item.file && (
                    <button type="button" onClick={() => retry(item)}>
                      {M.retry}
                    </button>
                  )}
                </div>
              )}
              <div className="photo-upload__tools">
                {!hideDone && (
                  <>
                    <button
                      type="button"
                      aria-label={M.moveLeft}
                      title={M.moveLeft}
                      disabled={busy || index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ‹
                    </button>
                    <button
                      type="button"
                      aria-label={M.moveRight}
                      title={M.moveRight}
                      disabled={busy || index === items.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      ›
                    </button>
                  </>
                )}
                <button
                  type="button"
                  aria-label={M.remove}
                  title={M.remove}
                  disabled={item.status === 'uploading' || item.status === 'checking'}
                  onClick={() => remove(item)}
                >
                  ×
                </button>
              </div>
            </li>
          );
        })}
        {items.length < max && (
          <li className="photo-upload__add">
            <button
              type="button"
              disabled={!hydrated}
              aria-disabled={busy}
              onClick={() => {
                if (busy) setNotices([M.notFinished]);
                else input.current?.click();
              }}
            >
              <span aria-hidden="true">+</span>
              {addLabel ?? M.add}
            </button>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              multiple={max > 1}
              hidden
              data-testid="photo-upload-input"
              onChange={(e) => {
                const files = Array.from(e.currentTarget.files ?? []);
                e.currentTarget.value = '';
                pick(files);
              }}
            />
          </li>
        )}
      </ul>
      <p className="photo-upload__hint">
        {hint ?? M.hint(max, UPLOAD_MAX_MB)}
        {max > 1 && <span className="photo-upload__count">{M.count(doneOf(items).length, max)}</span>}
      </p>
      {shownNotices.length > 0 && (
        <ul className="photo-upload__notices" role="alert">
          {shownNotices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
