import type { UploadTicket } from '@contracts/upload';
import { formMessages } from '@/lib/client/form-messages';

/**
 * spec §7 upload step 2, shared by the photo upload (components/upload/photo-upload.tsx) and the chat's images
 * (components/chat): the multipart PostObject form to the ticket's host, file last; progress as it goes up.
 */

/** spec §7 / §9: the post to the storage host gives up after 5 s. */
export const STORAGE_TIMEOUT_MS = 5000;

/** A file name's extension, lower case (`A.JPG` → `jpg`). */
export const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The server's message from a refused post (`{msg}`), else 上传失败. */
function messageOf(body: string): string {
  try {
    const msg = (JSON.parse(body) as { msg?: unknown }).msg;
    return typeof msg === 'string' && msg ? msg : formMessages.upload.failed;
  } catch {
    return formMessages.upload.failed;
  }
}

export function postObject(
  ticket: UploadTicket,
  key: string,
  file: Blob,
  onProgress: (percent: number) => void = () => {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('key', key);
    form.append('policy', ticket.policy);
    form.append('OSSAccessKeyId', ticket.accessId);
    form.append('success_action_status', '200');
    form.append('Signature', ticket.signature);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.host);
    xhr.timeout = STORAGE_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => (xhr.status === 200 || xhr.status === 204 ? resolve() : reject(new Error(messageOf(xhr.responseText))));
    xhr.onerror = () => reject(new Error(formMessages.upload.failed));
    xhr.ontimeout = () => reject(new Error(formMessages.upload.failed));
    xhr.send(form);
  });
}
