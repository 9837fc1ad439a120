'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { MOBILE_PATTERN, PASSWORD_LENGTH, SMS_CODE_PATTERN } from '@contracts/constants';
import { ApiError } from '@/lib/api/errors';
import { messages } from '@/lib/client/messages';
import { loginMessages } from '@/lib/client/login-messages';
import { safeReturnPath } from '@/lib/return-path';
import './login.css';

/** Seconds before another code may be asked for, unless the backend says otherwise. */
export const SMS_RESEND_SECONDS = 60;

export interface LoginFormProps {
  prePath?: string;
}

type Mode = 'sms' | 'password';

type LoginApi = typeof import('@/lib/client/api') & typeof import('@/lib/client/api-endpoints');
let loginApi: Promise<LoginApi> | undefined;

/**
 * The API client (≈2.3 kB gzip: envelope handling, the contract's paths, the calls) loads when the form is first
 * focused or a button pressed, not with the page (first-load JS: at most +25 kB gzip a route); typing a mobile number takes far
 * longer than fetching it. A failed load is forgotten, so the next press tries again.
 */
function loadLoginApi(): Promise<LoginApi> {
  loginApi ??= Promise.all([import('@/lib/client/api'), import('@/lib/client/api-endpoints')])
    .then(([browser, endpoints]) => ({ ...browser, ...endpoints }))
    .catch((err: unknown) => {
      loginApi = undefined;
      throw err;
    });
  return loginApi;
}

function errorText(err: unknown): string {
  return err instanceof ApiError && err.message ? err.message : messages.serverBusy;
}

export function LoginForm({ prePath }: LoginFormProps) {
  const [mode, setMode] = useState<Mode>('sms');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const [agreed, setAgreed] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const getCode = async () => {
    setError('');
    setNotice('');
    if (!MOBILE_PATTERN.test(mobile.trim())) return setError(loginMessages.invalidMobile);
    if (!agreed) return setError(loginMessages.mustAgree);
    setWait(SMS_RESEND_SECONDS);
    try {
      const { browserContext, sendSmsCode } = await loadLoginApi();
      const r = await sendSmsCode(browserContext(), mobile.trim());
      setWait(r.resendAfter > 0 ? r.resendAfter : SMS_RESEND_SECONDS);
      setNotice(loginMessages.codeSent);
    } catch (err) {
      setWait(0);
      setError(errorText(err));
    }
  };

  const submit = async () => {
    setError('');
    setNotice('');
    // The same rules as the backend's (contracts/constants.ts), checked here so a typo costs no round trip.
    if (!MOBILE_PATTERN.test(mobile.trim())) return setError(loginMessages.invalidMobile);
    if (mode === 'sms' && !SMS_CODE_PATTERN.test(code.trim())) return setError(loginMessages.invalidCode);
    if (mode === 'password' && (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max))
      return setError(loginMessages.invalidPassword);
    if (!agreed) return setError(loginMessages.mustAgree);
    setBusy(true);
    try {
      const { browserContext, loginByPassword, loginBySms } = await loadLoginApi();
      if (mode === 'sms') await loginBySms(browserContext(), mobile.trim(), code.trim());
      else await loginByPassword(browserContext(), mobile.trim(), password);
      // A full load: the server header must render with the new session cookie.
      window.location.assign(safeReturnPath(prePath, '/'));
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <div className="login-card">
      <div className="login-card__tabs" role="tablist">
        {(['sms', 'password'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={mode === m ? 'is-active' : undefined}
            onClick={() => setMode(m)}
          >
            {loginMessages.loginTabs[m]}
          </button>
        ))}
      </div>
      <form
        className="login-card__form"
        onFocus={() => void loadLoginApi().catch(() => {})}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <input
          name="mobile"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          // The mobile is the account's name: with a password, a password manager fills the two together.
          autoComplete={mode === 'password' ? 'username' : 'tel'}
          placeholder={loginMessages.mobilePlaceholder}
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
        />
        {mode === 'sms' ? (
          <div className="login-card__code">
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={loginMessages.codePlaceholder}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="button" className="btn" disabled={wait > 0} onClick={() => void getCode()}>
              {wait > 0 ? loginMessages.resendIn(wait) : loginMessages.getCode}
            </button>
          </div>
        ) : (
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={32}
            placeholder={loginMessages.passwordPlaceholder}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {notice && <p className="form-notice">{notice}</p>}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {loginMessages.loginButton}
        </button>
        {/* The terms open in a new tab, so what is typed here stays. */}
        <label className="login-card__agreement">
          <input type="checkbox" name="agree" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          <span>
            {loginMessages.loginAgreement.before}
            <Link href="/about/agreement" target="_blank" rel="noopener">
              {loginMessages.loginAgreement.agreement}
            </Link>
            {loginMessages.loginAgreement.and}
            <Link href="/about/privacy" target="_blank" rel="noopener">
              {loginMessages.loginAgreement.privacy}
            </Link>
          </span>
        </label>
      </form>
    </div>
  );
}
