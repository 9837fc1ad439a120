'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { newPasswordProblem } from '@contracts/account-rules';
import { SMS_CODE_PATTERN } from '@contracts/constants';
import type { PasswordChange } from '@contracts/account';
import { loginMessages } from '@/lib/client/login-messages';
import { formMessages } from '@/lib/client/form-messages';
import { useCountdown } from '@/lib/hooks/use-countdown';
import { accountErrorText, loadAccountApi } from './account-api';

const F = formMessages.accountForms;
/** Seconds before another code may be asked for, unless the backend says otherwise (sms-codes.ts). */
export const RESEND_SECONDS = 60;

export type Proof = 'password' | 'sms';

export interface PasswordFields {
  proof: Proof;
  current: string;
  code: string;
  next: string;
  confirm: string;
}

/**
 * What stops a password change before it is sent, in the order the user meets it (contracts/account-rules.ts,
 * the backend's own rule and words): the proof (当前密码, or a 6-digit code), the new password's rule, then the
 * second entry matching the first. Null: the request may go.
 */
export function passwordFormProblem({ proof, current, code, next, confirm }: PasswordFields): string | null {
  if (proof === 'password' && current.length === 0) return F.currentPasswordRequired;
  if (proof === 'sms' && !SMS_CODE_PATTERN.test(code.trim())) return loginMessages.invalidCode;
  const problem = newPasswordProblem(next);
  if (problem) return F.password[problem];
  if (next !== confirm) return F.mismatch;
  return null;
}

/** The request for fields that passed passwordFormProblem. */
export function passwordRequestOf({ proof, current, code, next }: PasswordFields): PasswordChange {
  return proof === 'password'
    ? { method: 'password', currentPassword: current, newPassword: next }
    : { method: 'sms', code: code.trim(), newPassword: next };
}

/**
 * The password form's state: the proof chosen (a user without a password has the SMS proof only), the fields,
 * the message shown, the code's resend wait, and the two calls (a code to the user's own mobile; the change).
 */
export function usePasswordForm(hasPassword: boolean) {
  const router = useRouter();
  const [proof, setProof] = useState<Proof>(hasPassword ? 'password' : 'sms');
  const [current, setCurrent] = useState('');
  const [code, setCode] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [wait, setWait] = useCountdown();
  const [busy, setBusy] = useState(false);
  const proofUsed: Proof = hasPassword ? proof : 'sms';

  const chooseProof = (p: Proof) => {
    setProof(p);
    setError('');
  };

  const getCode = async () => {
    setError('');
    setNotice('');
    setWait(RESEND_SECONDS);
    try {
      const api = await loadAccountApi();
      try {
        const r = await api.sendAccountSmsCode(api.browserContext());
        setWait(r.resendAfter > 0 ? r.resendAfter : RESEND_SECONDS);
        setNotice(loginMessages.codeSent);
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
    const fields = { proof: proofUsed, current, code, next, confirm };
    const problem = passwordFormProblem(fields);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const api = await loadAccountApi();
      try {
        const r = await api.changePassword(api.browserContext(), passwordRequestOf(fields));
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

  return {
    proof,
    proofUsed,
    chooseProof,
    fields: { current, code, next, confirm },
    setCurrent,
    setCode,
    setNext,
    setConfirm,
    error,
    notice,
    wait,
    busy,
    getCode,
    submit,
  };
}

export type PasswordFormModel = ReturnType<typeof usePasswordForm>;
