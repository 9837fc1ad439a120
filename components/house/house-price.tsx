'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useModalDialog } from '@/lib/hooks/use-modal-dialog';
import { formMessages } from '@/lib/client/form-messages';
import '@/components/viewing/viewing.css';
import './house.css';

const M = formMessages.houseManage;

export interface HousePriceProps {
  entrustId: number;
  businessType: 1 | 2;
  /** The price the public sees now: 万元 or 元/月. */
  price: number;
}

/**
 * 修改价格 on a published home in 卖房管理 / 租房管理: a dialog with the new price. Only "is it a number" is checked
 * here; the bounds are the backend's (the entrust form's, contracts/entrust.ts), and its refusal is shown as it
 * says it. On success the page reads the list again, so the card shows the new price.
 */
export function HousePrice({ entrustId, businessType, price }: HousePriceProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn house-card__action" onClick={() => setOpen(true)}>
        {M.changePrice}
      </button>
      {open && (
        <PriceDialog
          entrustId={entrustId}
          businessType={businessType}
          price={price}
          onClose={() => setOpen(false)}
          onChanged={() => {
            setOpen(false);
            router.refresh();
          }}
        />
      )}
    </>
  );
}

/** The dialog lives only while open (a modal: focus kept in, Esc closes, focus back on 修改价格), so it starts empty each time. */
function PriceDialog({
  entrustId,
  businessType,
  price,
  onClose,
  onChanged,
}: HousePriceProps & { onClose: () => void; onChanged: () => void }) {
  const dialog = useModalDialog(onClose);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) return setError(M.required);
    const next = Number(text);
    if (!Number.isFinite(next)) return setError(M.notNumber);
    setError('');
    setSending(true);
    try {
      const [{ browserContext, handleSessionError }, { changeHousePrice }] = await Promise.all([
        import('@/lib/client/api'),
        import('@/lib/client/api-endpoints'),
      ]);
      try {
        await changeHousePrice(browserContext(), entrustId, next);
      } catch (err) {
        if (handleSessionError(err)) return;
        throw err;
      }
      onChanged();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : M.failed);
    } finally {
      setSending(false);
    }
  };

  const unit = M.units[businessType];
  return (
    <dialog {...dialog} className="viewing-dialog house-price-dialog" aria-labelledby={`house-price-${entrustId}`}>
      <div className="viewing-dialog__head">
        <h2 id={`house-price-${entrustId}`}>{M.dialogTitle}</h2>
        <button type="button" className="viewing-dialog__close" aria-label={M.close} onClick={onClose}>
          ×
        </button>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className="house-price-dialog__current">
          {M.current}：
          <strong>
            {price}
            {unit}
          </strong>
        </p>
        <label className="viewing-dialog__input">
          <span>{M.newPrice}</span>
          <input
            name="price"
            // The dialog is for this one field: focus starts in it (use-modal-dialog.ts focusFirst).
            data-autofocus
            inputMode="decimal"
            value={value}
            maxLength={12}
            aria-invalid={error ? true : undefined}
            aria-describedby={`house-price-hint-${entrustId}`}
            onChange={(e) => setValue(e.target.value)}
          />
          <em className="house-price-dialog__unit">{unit}</em>
        </label>
        <p id={`house-price-hint-${entrustId}`} className="house-price-dialog__hint">
          {M.hint[businessType]}
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p className="viewing-dialog__actions">
          <button type="submit" className="btn btn--primary" disabled={sending}>
            {sending ? M.submitting : M.submit}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {M.cancel}
          </button>
        </p>
      </form>
    </dialog>
  );
}
