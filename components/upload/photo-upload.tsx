'use client';
import { useRef } from 'react';
import { useHydrated } from '@/lib/hooks/use-hydrated';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from '@contracts/constants';
import type { PhotoRef } from '@contracts/upload';
import { formMessages } from '@/lib/client/form-messages';
import { PhotoTile } from './photo-tile';
import { doneOf, usePhotoUpload } from './use-photo-upload';
import './upload.css';

const M = formMessages.upload;
const ACCEPT = [...UPLOAD_EXTENSIONS.map((e) => `.${e}`), 'image/jpeg', 'image/png'].join(',');

export interface PhotoUploadProps {
  /** The uploaded photos, in order: a form keeps these in its draft. */
  value: readonly PhotoRef[];
  onChange: (photos: PhotoRef[]) => void;
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
  const { items, notices, busy, pick, retry, remove, move, remindBusy } = usePhotoUpload({
    value,
    onChange,
    max,
    userDir,
    onBusyChange,
  });
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  const shown = hideDone ? items.filter((i) => i.status !== 'done') : items;
  // 图片未上传完成 is about the batch going up: gone once it is done.
  const shownNotices = busy ? notices : notices.filter((n) => n !== M.notFinished);
  return (
    <div className="photo-upload" data-busy={busy ? 'true' : 'false'} data-ready={hydrated ? 'true' : 'false'}>
      <ul className="photo-upload__list">
        {shown.map((item) => {
          const index = items.indexOf(item);
          return (
            <PhotoTile
              key={item.id}
              item={item}
              index={index}
              last={index === items.length - 1}
              busy={busy}
              movable={!hideDone}
              onRetry={retry}
              onRemove={remove}
              onMove={move}
            />
          );
        })}
        {items.length < max && (
          <li className="photo-upload__add">
            <button
              type="button"
              disabled={!hydrated}
              aria-disabled={busy}
              onClick={() => {
                if (busy) remindBusy();
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
