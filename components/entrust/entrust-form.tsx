'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ENTRUST_DECORATIONS,
  ENTRUST_LIMITS,
  ENTRUST_ORIENTATIONS,
  ENTRUST_PAYMENTS,
  RENT_FACILITIES,
  type EntrustBusinessType,
} from '@contracts/entrust-rules';
import type { Entrust, EntrustBrand, EntrustCompany } from '@contracts/entrust';
import type { Suggestion } from '@contracts/search';
import type { UploadedPhoto } from '@contracts/upload';
import { Angle } from '@contracts/constants';
import { PhotoUpload } from '@/components/upload/photo-upload';
import { useSuggestions } from '@/lib/hooks/use-suggestions';
import { messages } from '@/lib/client-messages';
import {
  charCount,
  draftJson,
  draftKey,
  ENTRUST_MANAGE_PATH,
  emptyState,
  FIELDS,
  fieldOfMessage,
  readDraft,
  requestOf,
  ROW_OF,
  stateOf,
  validateEntrust,
  type EntrustFormState,
  type Errors,
  type Field,
} from '@/lib/entrust-form';

const M = messages.entrustForm;
const U = messages.upload;

type BrandsState = { status: 'idle' | 'loading' | 'failed' } | { status: 'done'; brands: EntrustBrand[] };

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <span className="field-error" id={id} data-field-error>
      {error}
    </span>
  ) : null;
}

function Row({
  label,
  htmlFor,
  required,
  children,
}: {
  label: string;
  htmlFor?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="entrust-form__row">
      <label className="entrust-form__label" htmlFor={htmlFor}>
        {required && <em aria-hidden="true">*</em>}
        {label}
      </label>
      <div className="entrust-form__control">{children}</div>
    </div>
  );
}

/** The 小区 picker: the header's suggestions of the current city, communities (小区) only. */
function CommunityPicker({
  businessType,
  inputId,
  chosen,
  onPick,
  onClear,
  invalid,
}: {
  businessType: EntrustBusinessType;
  inputId: string;
  chosen: string | null;
  onPick: (s: Suggestion) => void;
  onClear: () => void;
  invalid: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const { data, isLoading } = useSuggestions(businessType === 1 ? 'esf' : 'rent', keyword);
  const found = keyword.trim() && data ? data.filter((s) => s.angle === Angle.ESTATE) : [];
  if (chosen !== null) {
    return (
      <div className="entrust-community is-chosen">
        <strong data-testid="entrust-community">{chosen}</strong>
        <button type="button" className="link-button entrust-community__change" onClick={onClear}>
          {M.communityChange}
        </button>
      </div>
    );
  }
  return (
    <div className="entrust-community">
      <input
        id={inputId}
        type="text"
        autoComplete="off"
        value={keyword}
        placeholder={M.communityPlaceholder}
        aria-invalid={invalid || undefined}
        maxLength={50}
        onChange={(e) => {
          setKeyword(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 200)}
      />
      {open && keyword.trim() !== '' && data && !isLoading && (
        <ul className="entrust-community__list" role="listbox" aria-label={M.community}>
          {found.length === 0 ? (
            <li className="entrust-community__none">{M.communityNone}</li>
          ) : (
            found.map((s) => (
              <li key={s.id} role="option" aria-selected={false}>
                <button
                  type="button"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    setKeyword('');
                    setOpen(false);
                    onPick(s);
                  }}
                >
                  <span className="entrust-community__name">{s.name}</span>
                  <span className="entrust-community__addr">{s.address}</span>
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}

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
 * 我要卖房 / 我要出租 (issue 9): the home, its price, photos and the brands to entrust, checked here with the
 * backend's own rules and messages, then sent; a refusal's message is shown at its field. A new entrust's
 * draft (fields and uploaded photos) is kept in localStorage per user and business type, so it survives a
 * failed submit, a reload and a look at 了解经纪公司; it is cleared once submitted.
 */
export function EntrustForm({ businessType, userId, defaultContact, initial }: EntrustFormProps) {
  const router = useRouter();
  const ids = useId();
  const id = (f: string) => `${ids}-${f}`;
  const key = draftKey(userId, businessType);
  const [form, setForm] = useState<EntrustFormState>(() => (initial ? stateOf(initial) : emptyState(defaultContact)));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [draftReady, setDraftReady] = useState(Boolean(initial));
  const [brands, setBrands] = useState<BrandsState>({ status: 'idle' });
  const [brandsTry, setBrandsTry] = useState(0);
  const submitted = useRef(false);

  // The draft comes back after hydration (localStorage is the browser's), before anything is typed.
  useEffect(() => {
    if (initial) return;
    const draft = readDraft(key);
    if (draft) {
      setForm(draft);
      setNotice(M.draftRestored);
    }
    setDraftReady(true);
  }, [initial, key]);

  useEffect(() => {
    if (initial || !draftReady || submitted.current) return;
    try {
      window.localStorage.setItem(key, draftJson(form));
    } catch {
      // A full or disabled storage: the form still works, only without a draft.
    }
  }, [form, draftReady, initial, key]);

  // The brands serving the chosen community; a brand no longer serving it is unticked.
  const communityId = form.communityId;
  useEffect(() => {
    if (communityId === null) {
      setBrands({ status: 'idle' });
      return;
    }
    let live = true;
    setBrands({ status: 'loading' });
    void (async () => {
      const [{ browserContext }, { fetchEntrustBrands }] = await Promise.all([
        import('@/lib/api/browser'),
        import('@/lib/api/browser-endpoints'),
      ]);
      try {
        const company: EntrustCompany = await fetchEntrustBrands(browserContext(), communityId);
        if (!live) return;
        setBrands({ status: 'done', brands: company.brands });
        const serving = new Set(company.brands.map((b) => b.id));
        setForm((f) =>
          f.brandIds.every((b) => serving.has(b)) ? f : { ...f, brandIds: f.brandIds.filter((b) => serving.has(b)) },
        );
      } catch {
        if (live) setBrands({ status: 'failed' });
      }
    })();
    return () => {
      live = false;
    };
  }, [communityId, brandsTry]);

  const set = <K extends keyof EntrustFormState>(field: K, value: EntrustFormState[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const onPhotos = useCallback((photos: UploadedPhoto[]) => {
    setForm((f) => ({ ...f, photos }));
    setErrors((e) => (e.photos ? { ...e, photos: undefined } : e));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    setNotice('');
    if (uploading) {
      setFormError(U.notFinished);
      return;
    }
    const found = validateEntrust(form, businessType);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(M.fixErrors);
      // The first field in trouble, in the form's order, gets the focus.
      const first = FIELDS.find((f) => found[f]);
      document.getElementById(id(first ?? ''))?.focus();
      return;
    }
    setSending(true);
    const [{ browserContext, handleSessionError }, { addEntrust, updateEntrust }] = await Promise.all([
      import('@/lib/api/browser'),
      import('@/lib/api/browser-endpoints'),
    ]);
    try {
      const request = requestOf(form, businessType);
      if (initial) await updateEntrust(browserContext(), { entrustId: initial.id, ...request });
      else await addEntrust(browserContext(), request);
      submitted.current = true;
      if (!initial) window.localStorage.removeItem(key);
      router.push(ENTRUST_MANAGE_PATH);
      router.refresh();
    } catch (err) {
      if (handleSessionError(err)) return;
      const msg = err instanceof Error && err.message ? err.message : M.failed;
      const at = fieldOfMessage(msg);
      if (at) {
        setErrors((e) => ({ ...e, [at.field]: at.message }));
        setFormError(M.fixErrors);
      } else {
        setFormError(msg);
      }
      setSending(false);
    }
  };

  const clearDraft = () => {
    window.localStorage.removeItem(key);
    setForm(emptyState(defaultContact));
    setErrors({});
    setNotice('');
    setFormError('');
  };

  /** The field whose message is shown for `f`: in a row of several fields one message is shown once. */
  const shownFor = (f: Field): Field => (ROW_OF[f] ?? [f]).find((g) => errors[g] && errors[g] === errors[f]) ?? f;
  const err = (f: Field) => ({
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? id(`${shownFor(f)}-error`) : undefined,
  });
  const rowErrors = (fields: Field[]) =>
    fields.map((f) => (shownFor(f) === f ? <FieldError key={f} id={id(`${f}-error`)} error={errors[f]} /> : null));
  const text = (f: 'building' | 'unit' | 'room' | 'contactName', placeholder: string, max: number) => (
    <input
      id={id(f)}
      type="text"
      value={form[f]}
      placeholder={placeholder}
      maxLength={max + 5}
      onChange={(e) => set(f, e.target.value)}
      {...err(f)}
    />
  );
  const number = (f: 'area' | 'rooms' | 'halls' | 'baths' | 'floor' | 'totalFloors' | 'price', label: string, step = '1') => (
    <input
      id={id(f)}
      type="number"
      inputMode="decimal"
      step={step}
      value={form[f]}
      aria-label={label}
      onChange={(e) => set(f, e.target.value)}
      {...err(f)}
    />
  );
  const select = (
    f: 'orientation' | 'decoration' | 'payment' | 'rentType',
    options: readonly { value: string; label: string }[],
  ) => (
    <select id={id(f)} value={form[f]} onChange={(e) => set(f, e.target.value)} {...err(f)}>
      <option value="">{M.choose}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  const words = (list: readonly string[]) => list.map((w) => ({ value: w, label: w }));
  const companyHref =
    form.communityId === null ? '/personal/entrust/company' : `/personal/entrust/company?communityId=${form.communityId}`;
  const busy = uploading || sending;

  return (
    <form
      className="entrust-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-draft-ready={draftReady ? 'true' : 'false'}
      data-business-type={businessType}
    >
      {notice && (
        <p className="entrust-form__notice" role="status">
          {notice}
          {!initial && (
            <button type="button" className="link-button" onClick={clearDraft}>
              {M.clearDraft}
            </button>
          )}
        </p>
      )}
      <fieldset className="entrust-form__section">
        <legend>{M.sections.house}</legend>
        <Row label={M.community} htmlFor={id('communityId')} required>
          <CommunityPicker
            businessType={businessType}
            inputId={id('communityId')}
            chosen={form.communityId === null ? null : form.communityName}
            invalid={Boolean(errors.communityId)}
            onPick={(s) => {
              setForm((f) => ({ ...f, communityId: s.id, communityName: s.name }));
              setErrors((e) => ({ ...e, communityId: undefined }));
            }}
            onClear={() => setForm((f) => ({ ...f, communityId: null, communityName: '', brandIds: [] }))}
          />
          <FieldError id={id('communityId-error')} error={errors.communityId} />
        </Row>
        <Row label={`${M.building} / ${M.unit} / ${M.room}`} htmlFor={id('building')} required>
          <div className="entrust-form__inline">
            {text('building', M.buildingPlaceholder, ENTRUST_LIMITS.addressMax)}
            {text('unit', M.unitPlaceholder, ENTRUST_LIMITS.addressMax)}
            {text('room', M.roomPlaceholder, ENTRUST_LIMITS.addressMax)}
          </div>
          {rowErrors(['building', 'unit', 'room'])}
        </Row>
        <Row label={M.area} htmlFor={id('area')} required>
          <div className="entrust-form__inline">
            {number('area', M.area, '0.01')}
            <span className="entrust-form__unit">{M.areaUnit}</span>
          </div>
          <FieldError id={id('area-error')} error={errors.area} />
        </Row>
        <Row label={M.layout} htmlFor={id('rooms')} required>
          <div className="entrust-form__inline entrust-form__inline--small">
            {number('rooms', M.rooms)}
            <span className="entrust-form__unit">{M.rooms}</span>
            {number('halls', M.halls)}
            <span className="entrust-form__unit">{M.halls}</span>
            {number('baths', M.baths)}
            <span className="entrust-form__unit">{M.baths}</span>
          </div>
          {rowErrors(['rooms', 'halls', 'baths'])}
        </Row>
        <Row label={`${M.floor} / ${M.totalFloors}`} htmlFor={id('floor')} required>
          <div className="entrust-form__inline entrust-form__inline--small">
            {number('floor', M.floor)}
            <span className="entrust-form__unit">/</span>
            {number('totalFloors', M.totalFloors)}
            <span className="entrust-form__unit">{M.floorUnit}</span>
          </div>
          {rowErrors(['floor', 'totalFloors'])}
        </Row>
        <Row label={M.orientation} htmlFor={id('orientation')} required>
          {select('orientation', words(ENTRUST_ORIENTATIONS))}
          <FieldError id={id('orientation-error')} error={errors.orientation} />
        </Row>
        <Row label={M.decoration} htmlFor={id('decoration')} required>
          {select('decoration', words(ENTRUST_DECORATIONS))}
          <FieldError id={id('decoration-error')} error={errors.decoration} />
        </Row>
      </fieldset>

      <fieldset className="entrust-form__section">
        <legend>{M.sections.price}</legend>
        <Row label={businessType === 1 ? M.sellPrice : M.rentPrice} htmlFor={id('price')} required>
          <div className="entrust-form__inline">
            {number('price', businessType === 1 ? M.sellPrice : M.rentPrice, businessType === 1 ? '0.01' : '1')}
            <span className="entrust-form__unit">{businessType === 1 ? M.sellPriceUnit : M.rentPriceUnit}</span>
          </div>
          <FieldError id={id('price-error')} error={errors.price} />
        </Row>
        {businessType === 2 && (
          <>
            <Row label={M.rentType} htmlFor={id('rentType')} required>
              {select(
                'rentType',
                [1, 2].map((n) => ({ value: String(n), label: M.rentTypes[n]! })),
              )}
              <FieldError id={id('rentType-error')} error={errors.rentType} />
            </Row>
            <Row label={M.payment} htmlFor={id('payment')} required>
              {select('payment', words(ENTRUST_PAYMENTS))}
              <FieldError id={id('payment-error')} error={errors.payment} />
            </Row>
            <Row label={M.facilities}>
              <ul className="entrust-facilities" role="group" aria-label={M.facilities}>
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
              <FieldError id={id('facilities-error')} error={errors.facilities} />
            </Row>
          </>
        )}
        <Row label={M.contactName} htmlFor={id('contactName')} required>
          {text('contactName', M.contactName, ENTRUST_LIMITS.contactMax)}
          <FieldError id={id('contactName-error')} error={errors.contactName} />
        </Row>
        <Row label={M.description} htmlFor={id('description')}>
          <textarea
            id={id('description')}
            rows={4}
            value={form.description}
            placeholder={M.descriptionPlaceholder}
            onChange={(e) => set('description', e.target.value)}
            {...err('description')}
          />
          <span className="entrust-form__count">
            {M.descriptionCount(charCount(form.description), ENTRUST_LIMITS.descriptionMax)}
          </span>
          <FieldError id={id('description-error')} error={errors.description} />
        </Row>
      </fieldset>

      <fieldset className="entrust-form__section" id={id('photos')} tabIndex={-1}>
        <legend>{M.sections.photos}</legend>
        {draftReady && (
          <PhotoUpload
            value={form.photos}
            onChange={onPhotos}
            userDir="ub/entrust"
            max={ENTRUST_LIMITS.photosMax}
            onBusyChange={setUploading}
          />
        )}
        <FieldError id={id('photos-error')} error={errors.photos} />
      </fieldset>

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
            <button type="button" className="link-button" onClick={() => setBrandsTry((n) => n + 1)}>
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
        <FieldError id={id('brandIds-error')} error={errors.brandIds} />
      </fieldset>

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
