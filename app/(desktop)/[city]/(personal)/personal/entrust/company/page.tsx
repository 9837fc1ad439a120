import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { INT4_MAX } from '@contracts/fields';
import { ENTRUST_FORM_PATHS } from '@/lib/entrust-form-state';
import { fetchEntrustCompany } from '@/lib/api/endpoints';
import { rethrowAsPage } from '@/lib/server/api';
import { messages } from '@/lib/messages';
import { personalUser } from '@/lib/server/personal-user';

const M = messages.entrust;

export const metadata: Metadata = { title: M.companyTitle };

/**
 * 了解经纪公司 (spec §2 Personal centre): the brands serving a community (`?communityId=N`), each with its branch in the community's
 * business area and its agents at work. Without a community, a message sends the owner back to the forms.
 */
export default async function EntrustCompanyPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [query, { ctx }] = await Promise.all([searchParams, personalUser()]);
  const raw = query.communityId;
  const back = (
    <p className="entrust-page__empty-actions">
      <Link className="btn btn--primary" href={ENTRUST_FORM_PATHS[1]}>
        {M.toSell}
      </Link>
      <Link className="btn btn--primary" href={ENTRUST_FORM_PATHS[2]}>
        {M.toRent}
      </Link>
    </p>
  );
  if (raw === undefined || raw === '') {
    return (
      <div className="entrust-page">
        <h1 className="personal__title">{M.companyTitle}</h1>
        <div className="entrust-page__empty">
          <p>{M.companyPick}</p>
          {back}
        </div>
      </div>
    );
  }
  const communityId = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (!(communityId >= 1 && communityId <= INT4_MAX)) notFound();
  const company = await fetchEntrustCompany(ctx, communityId).catch(rethrowAsPage);
  return (
    <div className="entrust-page">
      <h1 className="personal__title">
        {M.companyTitle} · {company.communityName}
      </h1>
      <p className="entrust-page__intro">{M.companyIntro(company.communityName)}</p>
      {company.brands.length === 0 ? (
        <div className="entrust-page__empty">
          <p>{M.companyNone}</p>
        </div>
      ) : (
        <ul className="entrust-companies">
          {company.brands.map((b) => (
            <li key={b.id} className="entrust-company">
              <strong className="entrust-company__name">{b.name}</strong>
              <span>
                {M.branch}：{b.branchName}
              </span>
              <span className="entrust-company__agents">{M.agents(b.agentCount)}</span>
            </li>
          ))}
        </ul>
      )}
      {back}
    </div>
  );
}
