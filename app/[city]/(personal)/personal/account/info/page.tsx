import type { Metadata } from 'next';
import { ProfileForm } from '@/components/account/profile-form';
import { UserAvatar } from '@/components/account/user-avatar';
import { displayName } from '@/lib/format';
import { messages } from '@/lib/messages';
import { personalUser } from '@/lib/personal-user';

export const metadata: Metadata = { title: `${messages.account.infoTitle} - ${messages.brand}` };

/** 个人资料: the avatar and the nickname and sex (issue 9). The session is checked by lib/personal-user.ts. */
export default async function AccountInfoPage() {
  const { user } = await personalUser();
  const A = messages.account;
  return (
    <div className="account">
      <h1 className="account__title">{A.infoTitle}</h1>
      {/* The avatar upload component (issue 9, uploads slice) goes in this section, beside the current avatar. */}
      <section className="account-section account-section--avatar" aria-labelledby="account-avatar-title">
        <h2 id="account-avatar-title">{A.avatarTitle}</h2>
        <div className="account-section__avatar">
          <UserAvatar avatarUrl={user.avatarUrl} sex={user.sex} size={96} label={displayName(user)} />
          {!user.avatarUrl && <p className="account__muted">{A.avatarDefaultNote}</p>}
        </div>
      </section>
      <section className="account-section" aria-labelledby="account-profile-title">
        <h2 id="account-profile-title">{A.profileTitle}</h2>
        <ProfileForm userName={user.userName} sex={user.sex} mobile={user.mobile} />
      </section>
    </div>
  );
}
