'use client';
import Link from 'next/link';
import { messages } from '@/lib/client/messages';
import { formMessages } from '@/lib/client/form-messages';
import type { FieldKit } from './field-kit';
import type { EntrustFormModel } from './use-entrust-form';

const M = formMessages.entrustForm;

/** 委托经纪公司: the brands serving the chosen community as checkboxes, with 了解经纪公司. */
export function BrandsSection({ model, kit }: { model: EntrustFormModel; kit: FieldKit }) {
  const { id, form, set, brands } = model;
  const companyHref =
    form.communityId === null ? '/personal/entrust/company' : `/personal/entrust/company?communityId=${form.communityId}`;
  return (
    <fieldset className="entrust-form__section" id={id('brandIds')} tabIndex={-1}>
      <legend>{M.sections.brands}</legend>
      <p className="entrust-form__hint">
        {M.brandsHint}
        <Link href={companyHref} className="entrust-form__company-link">
          {M.aboutCompanies}
        </Link>
      </p>
      {brands.status === 'idle' && <p className="entrust-form__muted">{M.brandsPickCommunity}</p>}
      {brands.status === 'loading' && <p className="entrust-form__muted">{M.brandsLoading}</p>}
      {brands.status === 'failed' && (
        <p className="entrust-form__muted" role="alert">
          {M.brandsFailed}{' '}
          <button type="button" className="link-button" onClick={brands.retry}>
            {messages.retry}
          </button>
        </p>
      )}
      {brands.status === 'done' &&
        (brands.brands.length === 0 ? (
          <p className="entrust-form__muted">{M.brandsNone}</p>
        ) : (
          <ul className="entrust-brands">
            {brands.brands.map((b) => {
              const checked = form.brandIds.includes(b.id);
              return (
                <li key={b.id}>
                  <label className={checked ? 'is-on' : undefined}>
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() =>
                        set('brandIds', checked ? form.brandIds.filter((x) => x !== b.id) : [...form.brandIds, b.id])
                      }
                    />
                    <strong>{b.name}</strong>
                    <span>{M.brandAgents(b.branchName, b.agentCount)}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        ))}
      {kit.error('brandIds')}
    </fieldset>
  );
}
