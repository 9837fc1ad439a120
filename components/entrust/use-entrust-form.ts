'use client';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { EntrustBusinessType } from '@contracts/entrust-rules';
import type { Entrust } from '@contracts/entrust';
import type { Suggestion } from '@contracts/search';
import type { PhotoRef } from '@contracts/upload';
import { formMessages } from '@/lib/client/form-messages';
import {
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
} from '@/lib/entrust-form-state';
import { loadBrowserApi } from '@/lib/swr/browser-api';
import { useEntrustBrands } from '@/lib/swr/use-entrust-brands';
import { rememberSubmitted } from './entrust-submitted';

const M = formMessages.entrustForm;
const U = formMessages.upload;

/**
 * What a refused submit shows: the backend's `field: message` at its field (with 请按提示修改后再提交 above the
 * button), anything else (409, 429, the network) above the button alone.
 */
export function refusalOf(message: string): { field?: { field: Field; message: string }; formError: string } {
  const msg = message || M.failed;
  const at = fieldOfMessage(msg);
  return at ? { field: at, formError: M.fixErrors } : { formError: msg };
}

/** The field whose message is shown for `f`: in a row of several fields one message is shown once. */
export function shownFor(errors: Errors, f: Field): Field {
  return (ROW_OF[f] ?? [f]).find((g) => errors[g] && errors[g] === errors[f]) ?? f;
}

/** The brands still serving the community: a brand that no longer does is unticked. */
export function servingBrandIds(brandIds: number[], serving: readonly { id: number }[]): number[] {
  const ids = new Set(serving.map((b) => b.id));
  return brandIds.every((b) => ids.has(b)) ? brandIds : brandIds.filter((b) => ids.has(b));
}

export interface EntrustFormOptions {
  businessType: EntrustBusinessType;
  userId: number;
  defaultContact: string;
  initial?: Entrust;
}

/**
 * The state and rules of 我要卖房 / 我要出租: the fields, their messages, the draft in localStorage (a new
 * entrust's only: restored after hydration, written on every change, removed once submitted), the brands of the
 * chosen community, and the submit (refused while photos are going up; checked with the backend's rules first).
 */
export function useEntrustForm({ businessType, userId, defaultContact, initial }: EntrustFormOptions) {
  const router = useRouter();
  const ids = useId();
  const id = useCallback((f: string) => `${ids}-${f}`, [ids]);
  const key = draftKey(userId, businessType);
  const [form, setForm] = useState<EntrustFormState>(() => (initial ? stateOf(initial) : emptyState(defaultContact)));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [draftReady, setDraftReady] = useState(Boolean(initial));
  const submitted = useRef(false);
  // A brand no longer serving the chosen community is unticked when its brands arrive.
  const brands = useEntrustBrands(form.communityId, (serving) =>
    setForm((f) => {
      const brandIds = servingBrandIds(f.brandIds, serving);
      return brandIds === f.brandIds ? f : { ...f, brandIds };
    }),
  );

  // The draft comes back after hydration (localStorage is the browser's), before anything is typed: read in the
  // server's render it would not match the HTML.
  useEffect(() => {
    if (initial) return;
    const draft = readDraft(key);
    if (draft) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
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

  const set = <K extends keyof EntrustFormState>(field: K, value: EntrustFormState[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const onPhotos = useCallback((photos: PhotoRef[]) => {
    setForm((f) => ({ ...f, photos }));
    setErrors((e) => (e.photos ? { ...e, photos: undefined } : e));
  }, []);
  const pickCommunity = (s: Suggestion) => {
    setForm((f) => ({ ...f, communityId: s.id, communityName: s.name }));
    setErrors((e) => ({ ...e, communityId: undefined }));
  };
  const clearCommunity = () => setForm((f) => ({ ...f, communityId: null, communityName: '', brandIds: [] }));

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
    const api = await loadBrowserApi();
    try {
      const request = requestOf(form, businessType);
      if (initial) await api.updateEntrust(api.browserContext(), { entrustId: initial.id, ...request });
      else await api.addEntrust(api.browserContext(), request);
      submitted.current = true;
      if (!initial) window.localStorage.removeItem(key);
      rememberSubmitted(initial ? 'edit' : 'new');
      router.push(ENTRUST_MANAGE_PATH);
      router.refresh();
    } catch (err) {
      if (api.handleSessionError(err)) return;
      const refusal = refusalOf(err instanceof Error ? err.message : '');
      if (refusal.field) setErrors((e) => ({ ...e, [refusal.field!.field]: refusal.field!.message }));
      setFormError(refusal.formError);
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

  return {
    id,
    form,
    errors,
    formError,
    notice,
    sending,
    uploading,
    setUploading,
    draftReady,
    brands,
    set,
    onPhotos,
    pickCommunity,
    clearCommunity,
    submit,
    clearDraft,
  };
}

export type EntrustFormModel = ReturnType<typeof useEntrustForm>;
