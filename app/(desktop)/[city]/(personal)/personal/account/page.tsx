import type { Metadata } from 'next';
import Link from 'next/link';
import { UserAvatar } from '@/components/account/user-avatar';
import { displayName } from '@/lib/format';
import { messages } from '@/lib/messages';
import { beijingHour, personalUser } from '@/lib/server/personal-user';

export const metadata: Metadata = { title: messages.personalMenu.account };

/**
 * 账户设置's overview: the greeting, nickname, masked mobile (the backend never sends it whole), sex, whether a
 * password is set, and the ways to change them. The session is checked by lib/server/personal-user.ts (also here, not
 * only in the layout: a page must never render for a visitor).
 */
export default async function AccountPage() {
  const { user, hasPassword } = await personalUser();
  const A = messages.account;
  const name = displayName(user);
  return (
    <div className="account">
      <h1 className="account__title">{A.overviewTitle}</h1>
      <div className="account__hello">
        <UserAvatar avatarUrl={user.avatarUrl} sex={user.sex} size={64} label={name} />
        <p className="account__greeting">
          {messages.greeting(beijingHour())}，{name}
        </p>
      </div>
      <dl className="account__facts">
        <div>
          <dt>{A.nickname}</dt>
          <dd>{user.userName || <span className="account__muted">{A.noNickname}</span>}</dd>
          <dd>
            <Link href="/personal/account/info">{A.editInfo}</Link>
          </dd>
        </div>
        <div>
          <dt>{A.sex}</dt>
          <dd>{A.sexNames[user.sex] ?? A.sexNames['']}</dd>
          <dd />
        </div>
        <div>
          <dt>{A.mobile}</dt>
          <dd>{user.mobile}</dd>
          <dd />
        </div>
        <div>
          <dt>{A.password}</dt>
          <dd>{hasPassword ? A.passwordSet : <span className="account__muted">{A.passwordUnset}</span>}</dd>
          <dd>
            <Link href="/personal/account/changePass">{hasPassword ? A.changePass : A.setPass}</Link>
          </dd>
        </div>
      </dl>
    </div>
  );
}
