'use client';
import { useEffect, useRef, useState } from 'react';
import type { PhotoRef, UploadTicket } from '@contracts/upload';
import { formMessages } from '@/lib/client/form-messages';
import { inCallbackTurn } from '@/lib/upload/callback-turns';
import { screenPicks } from '@/lib/upload/photo-picks';
import { extensionOf, postObject } from '@/lib/upload/post-object';
import { loadBrowserApi } from '@/lib/swr/browser-api';

const M = formMessages.upload;

export type PhotoStatus = 'uploading' | 'checking' | 'failed' | 'done';
export interface PhotoItem {
  id: number;
  status: PhotoStatus;
  /** 0–100 while the bytes go up. */
  progress: number;
  /** The picked file, kept for 重试 until done. */
  file?: File;
  /** A local preview while uploading or failed (an object URL). */
  preview?: string;
  photo?: PhotoRef;
  error?: string;
}

const sameKeys = (a: readonly PhotoRef[], b: readonly PhotoRef[]) =>
  a.length === b.length && a.every((p, i) => p.key === b[i]?.key);
export const doneOf = (items: PhotoItem[]) => items.flatMap((i) => (i.status === 'done' && i.photo ? [i.photo] : []));

let nextId = 1;
const fromPhotos = (photos: readonly PhotoRef[]): PhotoItem[] =>
  photos.map((photo) => ({ id: nextId++, status: 'done', progress: 100, photo }));

export interface PhotoUploadOptions {
  value: readonly PhotoRef[];
  onChange: (photos: PhotoRef[]) => void;
  max: number;
  userDir: string;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The photo upload's state: the tiles (uploading, checking, failed, done) in order, the picker's notices, and
 * the actions. One batch at a time: a pick or 重试 while one is going up is refused with 图片未上传完成，请稍候....
 * A batch asks one ticket, then each file goes up and through the callback on its own.
 */
export function usePhotoUpload({ value, onChange, max, userDir, onBusyChange }: PhotoUploadOptions) {
  const [items, setItems] = useState<PhotoItem[]>(() => fromPhotos(value));
  const [notices, setNotices] = useState<string[]>([]);
  const reported = useRef<readonly PhotoRef[]>(value);
  const busy = items.some((i) => i.status === 'uploading' || i.status === 'checking');

  // What this component last told onChange: the parent's echo of it, arriving late, is no outside change.
  const [told, setTold] = useState<readonly PhotoRef[]>(value);
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

  const update = (id: number, patch: Partial<PhotoItem>) =>
    setItems((now) => now.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  /** Tickets for these items, then each file up and through the callback on its own. */
  const send = async (batch: { id: number; file: File }[]) => {
    const [{ browserContext, handleSessionError, fetchUploadTicket, uploadCallback }, { md5Hex }] = await Promise.all([
      loadBrowserApi(),
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
    const { taken, notices: found } = screenPicks(files, items.length, max);
    setNotices(found);
    if (taken.length === 0) return;
    const batch = taken.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { id: nextId++, file, preview };
    });
    setItems((now) => [
      ...now,
      ...batch.map((b): PhotoItem => ({ id: b.id, status: 'uploading', progress: 0, file: b.file, preview: b.preview })),
    ]);
    void send(batch);
  };

  const retry = (item: PhotoItem) => {
    if (busy) {
      setNotices([M.notFinished]);
      return;
    }
    if (!item.file) return;
    setNotices([]);
    update(item.id, { status: 'uploading', progress: 0, error: undefined });
    void send([{ id: item.id, file: item.file }]);
  };

  const remove = (item: PhotoItem) => {
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

  /** The add button pressed while a batch goes up. */
  const remindBusy = () => setNotices([M.notFinished]);
  return { items, notices, busy, pick, retry, remove, move, remindBusy };
}
