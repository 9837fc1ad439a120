import 'server-only';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { ENTRUST_LIMITS, ENTRUST_STATUSES, type Entrust, type EntrustBusinessType } from '@contracts/entrust';
import { INT4_MAX } from '@contracts/fields';
import { fetchEntrust } from '@/lib/api/endpoints';
import { rethrowAsPage } from '@/lib/server/api';
import { messages } from '@/lib/messages';
import { personalUser } from '@/lib/server/personal-user';
import { ENTRUST_FORM_PATHS, ENTRUST_MANAGE_PATH } from '@/lib/entrust-form-state';
import { EntrustForm } from './entrust-form';

const M = messages.entrustForm;
const EDITABLE: number[] = [ENTRUST_STATUSES.REVIEWING, ENTRUST_STATUSES.OFFLINE, ENTRUST_STATUSES.WITHDRAWN];

/** `?entrustId=12` → 12; anything that is no entrust id is the 404 page, like an unknown id. */
function entrustIdOf(value: string | string[] | undefined): number {
  const n = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0;
  if (!(n >= 1 && n <= INT4_MAX)) notFound();
  return n;
}

/**
 * 我要卖房 / 我要出租 (spec §2 Personal centre): the form for a new entrust, or with `?entrustId=N` for an edit of one of the
 * owner's own, loaded through entrustDetail with the session (another user's id is the 404 page).
 */
export async function EntrustFormPage({
  businessType,
  entrustId,
}: {
  businessType: EntrustBusinessType;
  entrustId: string | string[] | undefined;
}) {
  const { ctx, user } = await personalUser();
  let initial: Entrust | undefined;
  if (entrustId !== undefined) {
    const id = entrustIdOf(entrustId);
    initial = await fetchEntrust(ctx, id).catch(rethrowAsPage);
    if (initial.businessType !== businessType)
      redirect(`${ENTRUST_FORM_PATHS[initial.businessType as EntrustBusinessType]}?entrustId=${id}`);
  }
  return (
    <div className="entrust-page">
      <div className="entrust-page__head">
        <h1 className="personal__title">{initial ? M.editTitles[businessType] : M.titles[businessType]}</h1>
        <Link href={ENTRUST_MANAGE_PATH} className="entrust-page__manage">
          {M.manage}
        </Link>
      </div>
      <p className="entrust-page__intro">{M.intro[businessType]}</p>
      {initial && !EDITABLE.includes(initial.status) ? (
        <div className="entrust-page__empty">
          <p>{messages.entrust.notEditable}</p>
          <Link className="btn btn--primary" href={ENTRUST_MANAGE_PATH}>
            {messages.entrust.backToManage}
          </Link>
        </div>
      ) : (
        <EntrustForm
          key={initial ? `e${initial.id}` : 'new'}
          businessType={businessType}
          userId={user.userId}
          defaultContact={[...user.userName.trim()].slice(0, ENTRUST_LIMITS.contactMax).join('')}
          initial={initial}
        />
      )}
    </div>
  );
}
