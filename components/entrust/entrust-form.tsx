'use client';
import Link from 'next/link';
import { ENTRUST_LIMITS, type EntrustBusinessType } from '@contracts/entrust-rules';
import type { Entrust } from '@contracts/entrust';
import { PhotoUpload } from '@/components/upload/photo-upload';
import { formMessages } from '@/lib/client/form-messages';
import { ENTRUST_MANAGE_PATH } from '@/lib/entrust-form-state';
import { BrandsSection } from './brands-section';
import { fieldKit } from './field-kit';
import { HouseSection } from './house-section';
import { PriceSection } from './price-section';
import { useEntrustForm } from './use-entrust-form';

const M = formMessages.entrustForm;

export interface EntrustFormProps {
  businessType: EntrustBusinessType;
  /** The draft is kept per user (and business type) in this browser. */
  userId: number;
  /** 联系人's default: the user's nickname. */
  defaultContact: string;
  /** An edit: the entrust as entrustDetail answered it; no draft is kept then. */
  initial?: Entrust;
}

/**
 * 我要卖房 / 我要出租 (spec §2 Personal centre): the home, its price, photos and the brands to entrust, checked here with the
 * backend's own rules and messages, then sent; a refusal's message is shown at its field. A new entrust's
 * draft (fields and uploaded photos) is kept in localStorage per user and business type, so it survives a
 * failed submit, a reload and a look at 了解经纪公司; it is cleared once submitted (./use-entrust-form.ts).
 */
export function EntrustForm(props: EntrustFormProps) {
  const { businessType, initial } = props;
  const model = useEntrustForm(props);
  const { id, form, notice, formError, draftReady, sending } = model;
  const kit = fieldKit(model);
  const busy = model.uploading || sending;

  return (
    <form
      className="entrust-form"
      noValidate
      onSubmit={(e) => void model.submit(e)}
      data-draft-ready={draftReady ? 'true' : 'false'}
      data-business-type={businessType}
    >
      {notice && (
        <p className="entrust-form__notice" role="status">
          {notice}
          {!initial && (
            <button type="button" className="link-button" onClick={model.clearDraft}>
              {M.clearDraft}
            </button>
          )}
        </p>
      )}
      <HouseSection model={model} kit={kit} />
      <PriceSection model={model} kit={kit} businessType={businessType} />
      <fieldset className="entrust-form__section" id={id('photos')} tabIndex={-1}>
        <legend>{M.sections.photos}</legend>
        {draftReady && (
          <PhotoUpload
            value={form.photos}
            onChange={model.onPhotos}
            userDir="ub/entrust"
            max={ENTRUST_LIMITS.photosMax}
            onBusyChange={model.setUploading}
          />
        )}
        {kit.error('photos')}
      </fieldset>
      <BrandsSection model={model} kit={kit} />
      {formError && (
        <p className="form-error entrust-form__error" role="alert">
          {formError}
        </p>
      )}
      <p className="entrust-form__actions">
        <button type="submit" className={`btn btn--primary${busy ? ' is-disabled' : ''}`} aria-disabled={busy} disabled={sending}>
          {sending ? M.submitting : initial ? M.resubmit : M.submit}
        </button>
        <Link href={ENTRUST_MANAGE_PATH} className="btn">
          {M.manage}
        </Link>
      </p>
    </form>
  );
}
