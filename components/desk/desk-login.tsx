'use client';
import { useState, type FormEvent } from 'react';
import type { DeskAgent } from '@contracts/im';
import { DeskCallError, deskApi } from './desk-api';
import type { DeskCopy } from './desk-copy';
import styles from './desk.module.css';

export interface DeskLoginProps {
  copy: DeskCopy;
  /** Why the desk closed (the token ended), shown until the next try. */
  error: string;
  onLogin: (agent: DeskAgent) => void;
}

/** The operator's token in, the desk cookie out (POST /api/desk/login). */
export function DeskLogin({ copy, error, onLogin }: DeskLoginProps) {
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const shown = failure || error;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token.trim() || busy) return;
    setBusy(true);
    setFailure('');
    try {
      onLogin(await deskApi.login(token.trim()));
    } catch (err) {
      setFailure((err instanceof DeskCallError && err.message) || copy.networkError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className={styles.loginShell}>
      {/* POST: should the form ever be sent before the page is live, the token is not put in the address. */}
      <form className={styles.loginBox} onSubmit={submit} method="post">
        <h1 className={styles.loginBrand}>
          <span className={styles.mark}>优</span> {copy.title}
        </h1>
        <h2 className={styles.loginTitle}>{copy.loginTitle}</h2>
        <p className={styles.loginIntro}>{copy.loginIntro}</p>
        <label className={styles.field}>
          <span>{copy.tokenLabel}</span>
          <input
            name="token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            placeholder={copy.tokenPlaceholder}
            onChange={(e) => setToken(e.target.value)}
            maxLength={200}
          />
        </label>
        {shown && (
          <p className={styles.error} role="alert">
            {shown}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy || !token.trim()}>
          {busy ? copy.loggingIn : copy.loginButton}
        </button>
      </form>
    </main>
  );
}
