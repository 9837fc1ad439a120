import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AvatarUpload } from '@/components/personal/avatar-upload';
import { fetchUserInfo } from '@/lib/api/endpoints';
import { requestedPath, rethrowAsPage, serverContext } from '@/lib/api/server';
import { displayName, maskMobile } from '@/lib/format';
import { messages } from '@/lib/messages';
import { loginPath } from '@/lib/return-path';

export const metadata: Metadata = { title: `${messages.personalMenu.account} - ${messages.brand}` };

/**
 * The proxy only checked that a cookie exists; the session is checked again here (ARCHITECTURE "Cities and
 * hosts"). spec §2: a user without a mobile number counts as not logged in.
 */
export default async function AccountPage() {
  const ctx = await serverContext();
  if (!ctx.token) redirect(loginPath(await requestedPath()));
  const user = await fetchUserInfo(ctx).catch(rethrowAsPage);
  if (!user.mobile) redirect(loginPath(await requestedPath()));
  const hour = Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Asia/Shanghai' }).format(new Date()));
  return (
    <div className="account">
      <div className="account__hello">
        {/* eslint-disable-next-line @next/next/no-img-element -- avatar from the backend */}
        {user.avatarUrl ? <img src={user.avatarUrl} alt="" width={64} height={64} /> : <span className="avatar-default" />}
        <div>
          <p className="account__greeting">
            {messages.greeting(hour)}，{displayName(user)}
          </p>
        </div>
      </div>
      <dl className="facts facts--1">
        <div>
          <dt>{messages.displayName}</dt>
          <dd>{displayName(user)}</dd>
        </div>
        <div>
          <dt>{messages.mobile}</dt>
          <dd>{maskMobile(user.mobile)}</dd>
        </div>
      </dl>
      <section className="account__avatar">
        <h2>{messages.upload.avatarTitle}</h2>
        <AvatarUpload avatarUrl={user.avatarUrl} sex={user.sex} />
      </section>
    </div>
  );
}
