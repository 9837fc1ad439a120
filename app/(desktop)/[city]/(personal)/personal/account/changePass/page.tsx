import type { Metadata } from 'next';
import { PasswordForm } from '@/components/account/password-form';
import { messages } from '@/lib/messages';
import { personalUser } from '@/lib/server/personal-user';

export const metadata: Metadata = { title: messages.account.changePassTitle };

/**
 * 修改密码, or 设置密码 for a user registered by SMS (spec §2 Personal centre): proven by the current password or an SMS code; the
 * other sessions of the user end. The session is checked by lib/server/personal-user.ts.
 */
export default async function ChangePasswordPage() {
  const { user, hasPassword } = await personalUser();
  const A = messages.account;
  return (
    <div className="account">
      <h1 className="account__title">{hasPassword ? A.changePassTitle : A.setPassTitle}</h1>
      <p className="account__intro">{hasPassword ? A.changePassIntro : A.setPassIntro}</p>
      <PasswordForm hasPassword={hasPassword} mobile={user.mobile} />
    </div>
  );
}
