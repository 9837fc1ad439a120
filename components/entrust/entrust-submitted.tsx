'use client';
import { useEffect, useState } from 'react';
import { formMessages } from '@/lib/client/form-messages';

const M = formMessages.entrustForm;
/** Where the form leaves word of a submit for 委托管理 to confirm (this tab only, read once). */
const SUBMITTED_KEY = 'youju:entrust-submitted';
type Submitted = 'new' | 'edit';

/** Called by the form once the backend took the entrust, just before it goes to 委托管理. */
export function rememberSubmitted(kind: Submitted): void {
  try {
    window.sessionStorage.setItem(SUBMITTED_KEY, kind);
  } catch {
    // No storage: the list still shows the entrust 审核中, only without the sentence.
  }
}

/**
 * 委托管理's confirmation after a submit (委托已提交 …), shown once: the word is taken out of sessionStorage as it is read,
 * so a reload or a later visit shows the list alone, and the address stays the list's own. The live region is always
 * there, so a screen reader announces the sentence when it appears.
 */
export function EntrustSubmitted() {
  const [kind, setKind] = useState<Submitted | null>(null);
  // The browser's storage is read after hydration, as the form's draft is: the server's HTML knows nothing of it.
  useEffect(() => {
    let said: string | null = null;
    try {
      said = window.sessionStorage.getItem(SUBMITTED_KEY);
      window.sessionStorage.removeItem(SUBMITTED_KEY);
    } catch {
      return;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (said === 'new' || said === 'edit') setKind(said);
  }, []);
  return (
    <div role="status" className="entrust-submitted-region">
      {kind && (
        <p className="entrust-submitted">
          <span>{M.submitted[kind]}</span>
          <button type="button" className="link-button" onClick={() => setKind(null)}>
            {M.dismiss}
          </button>
        </p>
      )}
    </div>
  );
}
