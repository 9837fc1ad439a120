'use client';
import Link from 'next/link';
import { useState } from 'react';
import { shanghaiDay, VIEWING_DIALOG_DAYS } from '@contracts/viewing-dates';
import { viewingMessages } from '@/lib/client/viewing-messages';
import { useModalDialog } from '@/lib/hooks/use-modal-dialog';
import './viewing.css';

const M = viewingMessages.viewingForm;
/** contracts/viewing.ts VIEWING_CONTACT_MAX and the mobile rule; written out so no zod reaches the browser. */
const CONTACT_MAX = 20;
const MOBILE = /^1[3-9]\d{9}$/;
const RECORD_PATHS = { 1: '/personal/record/ershoufang', 2: '/personal/record/zufang' } as const;

export interface ViewingDialogProps {
  businessType: 1 | 2;
  listingId: number;
  onClose: () => void;
}

type Field = 'date' | 'slot' | 'contactName' | 'mobile';

/** `今天 11/23`, `明天 11/24`, `周三 11/25`. */
function dayLabel(day: string, index: number): { top: string; bottom: string } {
  const weekday = M.weekdays[new Date(`${day}T00:00:00Z`).getUTCDay()]!;
  return {
    top: index === 0 ? M.today : index === 1 ? M.tomorrow : weekday,
    bottom: `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`,
  };
}

/**
 * The booking dialog: a day of the next two weeks (chips), a slot, the contact name and, optionally, another
 * mobile than the account's. Checked here as the backend checks it; the backend's refusal (already booked,
 * too many tries, the home gone) is shown as it says it. On success it links to 看房记录.
 */
export default function ViewingDialog({ businessType, listingId, onClose }: ViewingDialogProps) {
  const dialog = useModalDialog(onClose);
  const [days] = useState(() => Array.from({ length: VIEWING_DIALOG_DAYS }, (_, i) => shanghaiDay(i)));
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState(0);
  const [contactName, setContactName] = useState('');
  const [mobile, setMobile] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const check = () => {
    const found: Partial<Record<Field, string>> = {};
    if (!date) found.date = M.pickDate;
    if (!slot) found.slot = M.pickSlot;
    const name = contactName.trim();
    if (!name) found.contactName = M.nameRequired;
    else if ([...name].length > CONTACT_MAX) found.contactName = M.nameTooLong(CONTACT_MAX);
    if (mobile.trim() && !MOBILE.test(mobile.trim())) found.mobile = M.badMobile;
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError('');
    if (!check()) return;
    setSending(true);
    try {
      const [{ browserContext, handleSessionError }, { bookViewing }] = await Promise.all([
        import('@/lib/client/api'),
        import('@/lib/client/api-endpoints'),
      ]);
      try {
        await bookViewing(browserContext(), {
          businessType,
          listingId,
          date,
          slot,
          contactName: contactName.trim(),
          ...(mobile.trim() ? { mobile: mobile.trim() } : {}),
        });
      } catch (err) {
        if (handleSessionError(err)) return;
        throw err;
      }
      setDone(true);
    } catch (err) {
      setServerError(err instanceof Error && err.message ? err.message : M.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <dialog {...dialog} className="viewing-dialog" aria-labelledby="viewing-dialog-title">
      <div className="viewing-dialog__head">
        <h2 id="viewing-dialog-title">{M.title}</h2>
        <button type="button" className="viewing-dialog__close" aria-label={M.close} onClick={onClose}>
          ×
        </button>
      </div>
      {done ? (
        <div className="viewing-dialog__done" role="status">
          <p>{M.success}</p>
          <p className="viewing-dialog__actions">
            <Link className="btn btn--primary" href={RECORD_PATHS[businessType]}>
              {M.toRecords}
            </Link>
            <button type="button" className="btn" onClick={onClose}>
              {M.close}
            </button>
          </p>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="viewing-dialog__field">
            <legend>{M.dateLabel}</legend>
            <div className="viewing-dialog__chips" role="radiogroup" aria-label={M.dateLabel}>
              {days.map((d, i) => {
                const label = dayLabel(d, i);
                return (
                  <button
                    key={d}
                    type="button"
                    role="radio"
                    aria-checked={date === d}
                    data-date={d}
                    className={`viewing-chip${date === d ? ' is-on' : ''}`}
                    onClick={() => {
                      setDate(d);
                      setErrors((e) => ({ ...e, date: undefined }));
                    }}
                  >
                    <span>{label.top}</span>
                    <span>{label.bottom}</span>
                  </button>
                );
              })}
            </div>
            {errors.date && <span className="field-error">{errors.date}</span>}
          </fieldset>
          <fieldset className="viewing-dialog__field">
            <legend>{M.slotLabel}</legend>
            <div className="viewing-dialog__chips" role="radiogroup" aria-label={M.slotLabel}>
              {[1, 2, 3].map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={slot === n}
                  className={`viewing-chip viewing-chip--slot${slot === n ? ' is-on' : ''}`}
                  onClick={() => {
                    setSlot(n);
                    setErrors((e) => ({ ...e, slot: undefined }));
                  }}
                >
                  {M.slots[n]}
                </button>
              ))}
            </div>
            {errors.slot && <span className="field-error">{errors.slot}</span>}
          </fieldset>
          <label className="viewing-dialog__input">
            <span>{M.nameLabel}</span>
            <input
              value={contactName}
              maxLength={CONTACT_MAX * 2}
              placeholder={M.namePlaceholder}
              aria-invalid={errors.contactName ? true : undefined}
              onChange={(e) => setContactName(e.target.value)}
            />
          </label>
          {errors.contactName && <span className="field-error">{errors.contactName}</span>}
          <label className="viewing-dialog__input">
            <span>{M.mobileLabel}</span>
            <input
              value={mobile}
              inputMode="numeric"
              maxLength={11}
              placeholder={M.mobilePlaceholder}
              aria-invalid={errors.mobile ? true : undefined}
              onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
            />
          </label>
          {errors.mobile && <span className="field-error">{errors.mobile}</span>}
          {serverError && (
            <p className="form-error" role="alert">
              {serverError}
            </p>
          )}
          <p className="viewing-dialog__actions">
            <button type="submit" className="btn btn--primary" disabled={sending}>
              {sending ? M.submitting : M.submit}
            </button>
            <button type="button" className="btn" onClick={onClose}>
              {M.cancelDialog}
            </button>
          </p>
        </form>
      )}
    </dialog>
  );
}
