import type { Metadata } from 'next';
import { ProfileForm } from '@/components/account/profile-form';
import { AvatarUpload } from '@/components/personal/avatar-upload';
import { messages } from '@/lib/messages';
import { personalUser } from '@/lib/server/personal-user';

export const metadata: Metadata = { title: messages.account.infoTitle };

/** 个人资料: the avatar (its upload) and the nickname and sex (spec §2 Personal centre). The session is checked by lib/server/personal-user.ts. */
export default async function AccountInfoPage() {
  const { user } = await personalUser();
  const A = messages.account;
  return (
    <div className="account">
      <h1 className="account__title">{A.infoTitle}</h1>
      <section className="account-section account-section--avatar" aria-labelledby="account-avatar-title">
        <h2 id="account-avatar-title">{A.avatarTitle}</h2>
        <AvatarUpload avatarUrl={user.avatarUrl} sex={user.sex} />
        {!user.avatarUrl && <p className="account__muted">{A.avatarDefaultNote}</p>}
      </section>
      <section className="account-section" aria-labelledby="account-profile-title">
        <h2 id="account-profile-title">{A.profileTitle}</h2>
        <ProfileForm userName={user.userName} sex={user.sex} mobile={user.mobile} />
      </section>
    </div>
  );
}
