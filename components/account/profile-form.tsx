'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { nicknameProblem, type Sex } from '@contracts/account-rules';
import { formMessages } from '@/lib/client/form-messages';
import { announceUserChanged } from '@/lib/client/user-changed';
import { useHydrated } from '@/lib/hooks/use-hydrated';
import { accountErrorText, loadAccountApi } from './account-api';
import '@/components/personal/personal.css';

export interface ProfileFormProps {
  userName: string;
  sex: string;
  /** The masked mobile: the name shown when the nickname is empty (spec §3). */
  mobile: string;
}

const F = formMessages.accountForms;

/**
 * Nickname and sex (contracts/account-rules.ts), checked here with the backend's own rules and messages. A saved
 * change shows at once in the header's user box (lib/client/user-changed.ts) and, through a refresh of the server
 * render, in the left menu and the default avatar.
 */
export function ProfileForm({ userName, sex: initialSex, mobile }: ProfileFormProps) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [name, setName] = useState(userName);
  const [sex, setSex] = useState<string>(initialSex === '1' || initialSex === '2' ? initialSex : '');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError('');
    setNotice('');
    const trimmed = name.trim();
    const problem = nicknameProblem(trimmed);
    if (problem) return setError(F.nickname[problem]);
    setBusy(true);
    try {
      const api = await loadAccountApi();
      try {
        const user = await api.updateProfile(api.browserContext(), { userName: trimmed, sex: sex as Sex });
        setName(user.userName);
        setNotice(F.saved);
        announceUserChanged({ name: user.userName || mobile });
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
        <div className="account-form__row">
          <label htmlFor="account-nickname">{F.nicknameLabel}</label>
          <div className="account-form__field">
            <input
              id="account-nickname"
              name="userName"
              maxLength={32}
              autoComplete="nickname"
              placeholder={F.nicknamePlaceholder}
              value={name}
              aria-describedby="account-nickname-hint"
              onChange={(e) => setName(e.target.value)}
            />
            <p id="account-nickname-hint" className="account-form__hint">
              {F.nicknameHint}
            </p>
          </div>
        </div>
        <fieldset className="account-form__row">
          <legend>{F.sexLabel}</legend>
          <div className="account-form__field account-form__choices">
            {F.sexOptions.map((o) => (
              <label key={o.value || 'secret'}>
                <input type="radio" name="sex" value={o.value} checked={sex === o.value} onChange={() => setSex(o.value)} />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
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
              {busy ? F.saving : F.save}
            </button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}
