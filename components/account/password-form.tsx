'use client';
import { loginMessages } from '@/lib/client/login-messages';
import { formMessages } from '@/lib/client/form-messages';
import { useHydrated } from '@/lib/hooks/use-hydrated';
import { loadAccountApi } from './account-api';
import { usePasswordForm, type PasswordFormModel } from './use-password-form';
import '@/components/personal/personal.css';

export interface PasswordFormProps {
  /** False for a user registered by SMS: the password is set, proven by a code only. */
  hasPassword: boolean;
  /** The masked mobile the code goes to. */
  mobile: string;
}

const F = formMessages.accountForms;

/** 验证当前密码 / 验证手机短信: the proof's tabs, for a user who has a password. */
function ProofTabs({ model }: { model: PasswordFormModel }) {
  return (
    <div className="account-form__row">
      <span />
      <div className="account-form__field account-form__tabs" role="tablist">
        {(['password', 'sms'] as const).map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={model.proof === p}
            className={model.proof === p ? 'is-active' : undefined}
            onClick={() => model.chooseProof(p)}
          >
            {F.proofTabs[p]}
          </button>
        ))}
      </div>
    </div>
  );
}

interface PasswordRowProps {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  /** The rule shown under the field, tied to it for screen readers. */
  hint?: { id: string; text: string };
}

/** One password row (current, new, confirm): a masked field of at most 64 characters with its label. */
function PasswordRow({ id, name, label, placeholder, autoComplete, value, onChange, hint }: PasswordRowProps) {
  return (
    <div className="account-form__row">
      <label htmlFor={id}>{label}</label>
      <div className="account-form__field">
        <input
          id={id}
          name={name}
          type="password"
          autoComplete={autoComplete}
          maxLength={64}
          placeholder={placeholder}
          value={value}
          aria-describedby={hint?.id}
          onChange={(e) => onChange(e.target.value)}
        />
        {hint && (
          <p id={hint.id} className="account-form__hint">
            {hint.text}
          </p>
        )}
      </div>
    </div>
  );
}

/** The proof itself: the current password, or a code sent to the user's own (masked) mobile. */
function ProofField({ model, mobile }: { model: PasswordFormModel; mobile: string }) {
  const { fields, wait } = model;
  if (model.proofUsed === 'password') {
    return (
      <PasswordRow
        id="account-current"
        name="currentPassword"
        label={F.currentPasswordLabel}
        placeholder={F.currentPasswordPlaceholder}
        autoComplete="current-password"
        value={fields.current}
        onChange={model.setCurrent}
      />
    );
  }
  return (
    <div className="account-form__row">
      <label htmlFor="account-code">{F.codeLabel}</label>
      <div className="account-form__field">
        <div className="account-form__code">
          <input
            id="account-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={loginMessages.codePlaceholder}
            value={fields.code}
            onChange={(e) => model.setCode(e.target.value)}
          />
          <button type="button" className="btn" disabled={wait > 0} onClick={() => void model.getCode()}>
            {wait > 0 ? loginMessages.resendIn(wait) : loginMessages.getCode}
          </button>
        </div>
        <p className="account-form__hint">{F.codeSentTo(mobile)}</p>
      </div>
    </div>
  );
}

/**
 * Set or change the password (contracts/account-rules.ts: 8–20 characters, letters and digits), proven by the
 * current password or an SMS code to the user's own mobile. The rule is shown and checked here as the backend
 * checks it (./use-password-form.ts); on success the backend ends the user's other sessions and keeps this one.
 */
export function PasswordForm({ hasPassword, mobile }: PasswordFormProps) {
  const hydrated = useHydrated();
  const model = usePasswordForm(hasPassword);
  const { fields, error, notice, busy } = model;

  return (
    <form
      className="account-form"
      noValidate
      onFocus={() => void loadAccountApi().catch(() => {})}
      onSubmit={(e) => {
        e.preventDefault();
        void model.submit();
      }}
    >
      <fieldset className="account-form__body" disabled={!hydrated}>
        {hasPassword && <ProofTabs model={model} />}
        <ProofField model={model} mobile={mobile} />
        <PasswordRow
          id="account-new"
          name="newPassword"
          label={F.newPasswordLabel}
          placeholder={F.newPasswordPlaceholder}
          autoComplete="new-password"
          value={fields.next}
          onChange={model.setNext}
          hint={{ id: 'account-rule', text: F.passwordRule }}
        />
        <PasswordRow
          id="account-confirm"
          name="confirmPassword"
          label={F.confirmPasswordLabel}
          placeholder={F.confirmPasswordPlaceholder}
          autoComplete="new-password"
          value={fields.confirm}
          onChange={model.setConfirm}
        />
        <div className="account-form__row">
          <span />
          <div className="account-form__field">
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            {notice && (
              <p className="form-notice" role="status">
                {notice}
              </p>
            )}
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? F.submitting : hasPassword ? F.submitChange : F.submitSet}
            </button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}
