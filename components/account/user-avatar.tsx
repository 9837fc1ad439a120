import { isFemale } from '@contracts/account-rules';
import '@/components/personal/personal.css';

export interface UserAvatarProps {
  avatarUrl: string;
  sex: string;
  size: number;
  /** What a screen reader says: the user's name. */
  label: string;
}

/**
 * A user's avatar: their own picture, or the default that follows their sex (spec §3: `1` or empty shows the
 * male default, `2` the female one). The defaults are drawn inline: no request, nothing to cache or to miss.
 * Free of client and server imports, so both a page and a client island may show it.
 */
export function UserAvatar({ avatarUrl, sex, size, label }: UserAvatarProps) {
  if (avatarUrl) {
    // eslint-disable-next-line @next/next/no-img-element -- the avatar comes from the backend's storage
    return <img className="user-avatar" src={avatarUrl} alt={label} width={size} height={size} />;
  }
  const female = isFemale(sex);
  return (
    <svg
      className="user-avatar"
      data-default-avatar={female ? 'female' : 'male'}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox="0 0 64 64"
    >
      <circle cx="32" cy="32" r="32" fill={female ? '#fde6ec' : '#e3eefc'} />
      {female && <path d="M15 40c0-18 6-27 17-27s17 9 17 27c-3 2-7 3-10 3H25c-3 0-7-1-10-3z" fill="#6b3a2e" />}
      <circle cx="32" cy="28" r="11" fill="#f6d2b8" />
      {female ? (
        <path d="M21 27c1-8 5-12 11-12s10 4 11 12c-4-4-8-6-11-6s-7 2-11 6z" fill="#6b3a2e" />
      ) : (
        <path d="M21 26c0-7 5-11 11-11s11 4 11 11c-3-3-7-4-11-4s-8 1-11 4z" fill="#2f2f36" />
      )}
      <path d="M12 58c2-10 10-16 20-16s18 6 20 16a32 32 0 0 1-40 0z" fill={female ? '#e4577a' : '#3b7ddd'} />
    </svg>
  );
}
