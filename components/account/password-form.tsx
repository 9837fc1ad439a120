'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { newPasswordProblem } from '@contracts/account-rules';
import { SMS_CODE_PATTERN } from '@contracts/constants';
import { messages } from '@/lib/client/messages';
import { accountErrorText, loadAccountApi, useHydrated } from './account-api';

export interface PasswordFormProps {
  /** False for a user registered by SMS: the password is set, proven by a code only. */
  hasPassword: boolean;
  /** The masked mobile the code goes to. */
  mobile: string;
}

type Proof = 'password' | 'sms';

const F = messages.accountForms;
/** Seconds before another code may be asked for, unless the backend says otherwise (sms-codes.ts). */
const RESEND_SECONDS = 60;

/**
 * Set or change the password (contracts/account-rules.ts: 8–20 characters, letters and digits), proven by the
 * current password or an SMS code to the user's own mobile. The rule is shown and checked here as the backend
 * checks it; on success the backend ends the user's other sessions and keeps this one.
 */
export function PasswordForm({ hasPassword, mobile }: PasswordFormProps) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [proof, setProof] = useState<Proof>(hasPassword ? 'password' : 'sms');
  const [current, setCurrent] = useState('');
  const [code, setCode] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const proofUsed: Proof = hasPassword ? proof : 'sms';

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const getCode = async () => {
    setError('');
    setNotice('');
    setWait(RESEND_SECONDS);
    try {
      const api = await loadAccountApi();
      try {
        const r = await api.sendAccountSmsCode(api.browserContext());
        setWait(r.resendAfter > 0 ? r.resendAfter : RESEND_SECONDS);
        setNotice(messages.codeSent);
      } catch (err) {
        setWait(0);
        if (!api.handleSessionError(err)) setError(accountErrorText(err));
      }
    } catch (err) {
      setWait(0);
      setError(accountErrorText(err));
    }
  };

  const submit = async () => {
    setError('');
    setNotice('');
    if (proofUsed === 'password' && current.length === 0) return setError(F.currentPasswordRequired);
    if (proofUsed === 'sms' && !SMS_CODE_PATTERN.test(code.trim())) return setError(messages.invalidCode);
    const problem = newPasswordProblem(next);
    if (problem) return setError(F.password[problem]);
    if (next !== confirm) return setError(F.mismatch);
    setBusy(true);
    try {
      const api = await loadAccountApi();
      try {
        const request =
          proofUsed === 'password'
            ? { method: 'password' as const, currentPassword: current, newPassword: next }
            : { method: 'sms' as const, code: code.trim(), newPassword: next };
        const r = await api.changePassword(api.browserContext(), request);
        setCurrent('');
        setCode('');
        setNext('');
        setConfirm('');
        setProof('password');
        setNotice(hasPassword ? F.changed(r.endedSessions) : F.set);
        router.refresh();
      } catch (err) {
        if (!api.handleSessionError(err)) setError(accountErrorText(err));
      }
    } catch (err) {
      setError(accountErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="account-form"
      noValidate
      onFocus={() => void loadAccountApi().catch(() => {})}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="account-form__body" disabled={!hydrated}>
        {hasPassword && (
          <div className="account-form__row">
            <span />
            <div className="account-form__field account-form__tabs" role="tablist">
              {(['password', 'sms'] as const).map((p) => (
                <button
                  key={p}
                  type="button"
                  role="tab"
                  aria-selected={proof === p}
                  className={proof === p ? 'is-active' : undefined}
                  onClick={() => {
                    setProof(p);
                    setError('');
                  }}
                >
                  {F.proofTabs[p]}
                </button>
              ))}
            </div>
          </div>
        )}
        {proofUsed === 'password' ? (
          <div className="account-form__row">
            <label htmlFor="account-current">{F.currentPasswordLabel}</label>
            <div className="account-form__field">
              <input
                id="account-current"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                maxLength={64}
                placeholder={F.currentPasswordPlaceholder}
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
              />
            </div>
          </div>
        ) : (
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
                  placeholder={messages.codePlaceholder}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
                <button type="button" className="btn" disabled={wait > 0} onClick={() => void getCode()}>
                  {wait > 0 ? messages.resendIn(wait) : messages.getCode}
                </button>
              </div>
              <p className="account-form__hint">{F.codeSentTo(mobile)}</p>
            </div>
          </div>
        )}
        <div className="account-form__row">
          <label htmlFor="account-new">{F.newPasswordLabel}</label>
          <div className="account-form__field">
            <input
              id="account-new"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              maxLength={64}
              placeholder={F.newPasswordPlaceholder}
              value={next}
              aria-describedby="account-rule"
              onChange={(e) => setNext(e.target.value)}
            />
            <p id="account-rule" className="account-form__hint">
              {F.passwordRule}
            </p>
          </div>
        </div>
        <div className="account-form__row">
          <label htmlFor="account-confirm">{F.confirmPasswordLabel}</label>
          <div className="account-form__field">
            <input
              id="account-confirm"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              maxLength={64}
              placeholder={F.confirmPasswordPlaceholder}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
        </div>
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
