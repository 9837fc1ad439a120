'use client';
import { homeDealOf } from '@contracts/channel-sections';
import { ENTRUST_LIMITS, ENTRUST_PAYMENTS, RENT_FACILITIES, type EntrustBusinessType } from '@contracts/entrust-rules';
import { charCount } from '@/lib/entrust-form-state';
import { formMessages } from '@/lib/client/form-messages';
import { words, type FieldKit } from './field-kit';
import { Row } from './form-row';
import type { EntrustFormModel } from './use-entrust-form';

const M = formMessages.entrustForm;

/** 价格与联系人: the price (a rental's type, payment and facilities too), the contact and the description. */
export function PriceSection({
  model,
  kit,
  businessType,
}: {
  model: EntrustFormModel;
  kit: FieldKit;
  businessType: EntrustBusinessType;
}) {
  const { id, form, set } = model;
  const sell = homeDealOf(businessType) === 'sale';
  return (
    <fieldset className="entrust-form__section">
      <legend>{M.sections.price}</legend>
      <Row label={sell ? M.sellPrice : M.rentPrice} htmlFor={id('price')} required>
        <div className="entrust-form__inline">
          {kit.number('price', sell ? M.sellPrice : M.rentPrice, sell ? '0.01' : '1')}
          <span className="entrust-form__unit">{sell ? M.sellPriceUnit : M.rentPriceUnit}</span>
        </div>
        {kit.error('price')}
      </Row>
      {!sell && (
        <>
          <Row label={M.rentType} htmlFor={id('rentType')} required>
            {kit.select(
              'rentType',
              [1, 2].map((n) => ({ value: String(n), label: M.rentTypes[n]! })),
            )}
            {kit.error('rentType')}
          </Row>
          <Row label={M.payment} htmlFor={id('payment')} required>
            {kit.select('payment', words(ENTRUST_PAYMENTS))}
            {kit.error('payment')}
          </Row>
          <Row label={M.facilities}>
            {/* The group is a wrapper: a role on the list itself would hide its items from screen readers. */}
            <div role="group" aria-label={M.facilities}>
              <ul className="entrust-facilities">
                {RENT_FACILITIES.map((f) => {
                  const checked = form.facilities.includes(f);
                  return (
                    <li key={f}>
                      <label className={checked ? 'is-on' : undefined}>
                        <input
                          type="checkbox"
                          checked={checked}
                          onChange={() =>
                            set('facilities', checked ? form.facilities.filter((x) => x !== f) : [...form.facilities, f])
                          }
                        />
                        {f}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </div>
            {kit.error('facilities')}
          </Row>
        </>
      )}
      <Row label={M.contactName} htmlFor={id('contactName')} required>
        {kit.text('contactName', M.contactName, ENTRUST_LIMITS.contactMax)}
        {kit.error('contactName')}
      </Row>
      <Row label={M.description} htmlFor={id('description')}>
        <textarea
          id={id('description')}
          rows={4}
          value={form.description}
          placeholder={M.descriptionPlaceholder}
          onChange={(e) => set('description', e.target.value)}
          {...kit.err('description')}
        />
        <span className="entrust-form__count">
          {M.descriptionCount(charCount(form.description), ENTRUST_LIMITS.descriptionMax)}
        </span>
        {kit.error('description')}
      </Row>
    </fieldset>
  );
}
