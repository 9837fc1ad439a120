'use client';
import { formMessages } from '@/lib/client/form-messages';
import type { PhotoItem } from './use-photo-upload';
import './upload.css';

const M = formMessages.upload;

export interface PhotoTileProps {
  item: PhotoItem;
  index: number;
  last: boolean;
  /** A batch is going up: nothing moves meanwhile. */
  busy: boolean;
  /** Left and right buttons (the avatar, which hides finished tiles, has none). */
  movable: boolean;
  onRetry(item: PhotoItem): void;
  onRemove(item: PhotoItem): void;
  onMove(index: number, by: -1 | 1): void;
}

/** One photo: its preview or the server's thumbnail, progress while it goes up, the refusal with 重试, the tools. */
export function PhotoTile({ item, index, last, busy, movable, onRetry, onRemove, onMove }: PhotoTileProps) {
  // A refused file may be no image at all: its tile shows the message, not a broken preview.
  const src = item.photo?.thumbUrl ?? (item.status === 'failed' ? undefined : item.preview);
  return (
    <li className={`photo-upload__item is-${item.status}`} data-status={item.status}>
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
            <button type="button" onClick={() => onRetry(item)}>
              {M.retry}
            </button>
          )}
        </div>
      )}
      <div className="photo-upload__tools">
        {movable && (
          <>
            <button
              type="button"
              aria-label={M.moveLeft}
              title={M.moveLeft}
              disabled={busy || index === 0}
              onClick={() => onMove(index, -1)}
            >
              ‹
            </button>
            <button
              type="button"
              aria-label={M.moveRight}
              title={M.moveRight}
              disabled={busy || last}
              onClick={() => onMove(index, 1)}
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
          onClick={() => onRemove(item)}
        >
          ×
        </button>
      </div>
    </li>
  );
}
