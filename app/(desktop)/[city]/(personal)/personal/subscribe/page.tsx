import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SavedSearchActions } from '@/components/alerts/saved-search-actions';
import { fetchSavedSearches, fetchUserInfo } from '@/lib/api/endpoints';
import { requestedPath, rethrowAsPage, serverContext } from '@/lib/server/api';
import { messages } from '@/lib/messages';
import { loginPath } from '@/lib/return-path';
import { listHref } from '@/lib/server/personal-pages';
import '@/components/alerts/alerts.css';

const M = messages.alerts;

export const metadata: Metadata = { title: messages.personalMenu.subscribe };

/**
 * 我的订阅 (docs/behaviour.md "Alerts"): the user's saved searches, each with its name (made from its conditions when
 * saved), the homes new since last looked, a link to its list, pause and delete. The session is checked here (a
 * user without a mobile counts as logged out), as on every personal page.
 */
export default async function SubscribePage({ params }: { params: Promise<{ city: string }> }) {
  const { city: cityDomain } = await params;
  const ctx = await serverContext();
  if (!ctx.token) redirect(loginPath(await requestedPath()));
  const user = await fetchUserInfo(ctx).catch(rethrowAsPage);
  if (!user.mobile) redirect(loginPath(await requestedPath()));
  const data = await fetchSavedSearches(ctx).catch(rethrowAsPage);
  return (
    <div className="saved-searches">
      <h1 className="personal__title">
        {messages.personalMenu.subscribe}
        <span className="saved-searches__count">{M.count(data.list.length, data.max)}</span>
      </h1>
      <p className="saved-searches__intro">{M.intro(data.max)}</p>
      {data.list.length === 0 ? (
        <p className="saved-searches__empty">{M.empty}</p>
      ) : (
        <ul className="saved-searches__list">
          {data.list.map((s) => (
            <li key={s.id} className={`saved-search${s.paused ? ' is-paused' : ''}`} data-saved-search-id={s.id}>
              <div className="saved-search__main">
                <p className="saved-search__name">{s.name}</p>
                <p className="saved-search__meta">
                  <span className={s.newCount > 0 ? 'saved-search__new' : undefined}>{M.newCount(s.newCount)}</span>
                  {s.paused && <span className="saved-search__paused">{M.paused}</span>}
                </p>
              </div>
              <SavedSearchActions id={s.id} paused={s.paused} href={listHref(s.path, s.cityDomain, cityDomain)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
