'use client';
import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import type { PhotoRef } from '@contracts/upload';
import { formMessages } from '@/lib/client/form-messages';
import { UserAvatar } from '@/components/account/user-avatar';
import { PhotoUpload } from '@/components/upload/photo-upload';
import '@/components/upload/upload.css';

const M = formMessages.upload;

export interface AvatarUploadProps {
  /** users.avatarUrl; '' for the default avatar. */
  avatarUrl: string;
  /** spec §3: '2' female, '1' or empty male; the default avatar follows it. */
  sex?: string;
}

/**
 * 头像 (spec §2 Personal centre, for /personal/account/info): the current avatar and 更换头像, one photo through the upload
 * component (ticket, PostObject, callback), then `POST /v1/user/avatar` with its key. The page's server parts
 * (the menu's avatar) are refreshed afterwards.
 */
export function AvatarUpload({ avatarUrl, sex = '' }: AvatarUploadProps) {
  const router = useRouter();
  const [current, setCurrent] = useState(avatarUrl);
  const [photos, setPhotos] = useState<PhotoRef[]>([]);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');

  const onChange = useCallback(
    (next: PhotoRef[]) => {
      const photo = next[0];
      setPhotos(next);
      if (!photo) return;
      setNotice('');
      setError('');
      void (async () => {
        const [{ browserContext, handleSessionError }, { setAvatar }] = await Promise.all([
          import('@/lib/client/api'),
          import('@/lib/client/api-endpoints'),
        ]);
        try {
          const answer = await setAvatar(browserContext(), photo.key);
          setCurrent(answer.avatarUrl);
          setNotice(M.avatarSaved);
          router.refresh();
        } catch (err) {
          if (handleSessionError(err)) return;
          setError(err instanceof Error && err.message ? err.message : M.failed);
        } finally {
          setPhotos([]);
        }
      })();
    },
    [router],
  );

  return (
    <div className="avatar-upload">
      <div className="avatar-upload__current">
        {current ? (
          // eslint-disable-next-line @next/next/no-img-element -- the user's own upload
          <img src={current} alt={M.avatarCurrent} width={96} height={96} data-testid="avatar-current" />
        ) : (
          <UserAvatar avatarUrl="" sex={sex} size={96} label={M.avatarCurrent} />
        )}
      </div>
      <div className="avatar-upload__pick">
        <PhotoUpload
          value={photos}
          onChange={onChange}
          max={1}
          userDir="ub/avatar"
          addLabel={M.avatarPick}
          hint={M.avatarHint}
          hideDone
        />
        {notice && (
          <p className="avatar-upload__saved" role="status">
            {notice}
          </p>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
