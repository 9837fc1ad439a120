import { OSS_PUBLIC } from '@contracts/paths';
import { UPLOAD_MAX_BYTES } from '@contracts/constants';
import { IM_IMAGES_MAX } from '@contracts/im-constants';
import { browserContext } from '@/lib/client/api';
import { fetchUploadTicket, uploadCallback } from '@/lib/client/api-endpoints';
import { md5Hex } from '@/lib/md5';
import { inCallbackTurn } from '@/lib/upload/callback-turns';
import { extensionOf, postObject } from '@/lib/upload/post-object';

/**
 * The chat's images (spec §5: jpg, jpeg, png, bmp; several at once, at most 9), through the portal's photo upload
 * (ticket → PostObject → callback, dir ub/process). The service stores a 121 message's upload keys; the
 * storage's public side (`/oss/<key>`, served by the backend whatever the store) shows them.
 */
/** spec §7: the default upload dir (contracts/upload.ts DEFAULT_UPLOAD_DIR, which comes with zod). */
const CHAT_UPLOAD_DIR = 'ub/process';

export const CHAT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;
export const CHAT_IMAGE_ACCEPT = [...CHAT_IMAGE_EXTENSIONS.map((e) => `.${e}`), 'image/jpeg', 'image/png', 'image/bmp'].join(',');

export const isChatImage = (name: string) => (CHAT_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** The image as uploaded. */
export const imageUrlOf = (key: string) => `${OSS_PUBLIC}/${key}`;
/** The card thumbnail the upload callback made beside it (`x.png` → `x_thumb.jpg`). */
export const thumbUrlOf = (key: string) => `${OSS_PUBLIC}/${key.replace(/\.[a-z]+$/i, '')}_thumb.jpg`;

/**
 * The backend reads jpg and png only (sharp has no BMP input): a BMP is drawn on a canvas in the browser and goes
 * up as PNG, under the same name with `.png`.
 */
export async function bmpToPng(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('bmp');
  return new File([blob], file.name.replace(/\.bmp$/i, '.png'), { type: 'image/png' });
}

/** What an upload of chat images can refuse before anything goes up (the widget shows the copy for each). */
export type ImagePickProblem = 'tooMany' | 'badFormat' | 'tooLarge' | 'empty';

export function checkImagePick(files: readonly File[]): ImagePickProblem | null {
  if (files.length > IM_IMAGES_MAX) return 'tooMany';
  if (files.some((f) => !isChatImage(f.name))) return 'badFormat';
  if (files.some((f) => f.size === 0)) return 'empty';
  if (files.some((f) => f.size > UPLOAD_MAX_BYTES)) return 'tooLarge';
  return null;
}

/** Uploads the picked images (BMPs as PNG) in one batch; answers their keys in order. Failures throw. */
export async function uploadChatImages(files: readonly File[]): Promise<string[]> {
  const ready = await Promise.all(files.map((f) => (extensionOf(f.name) === 'bmp' ? bmpToPng(f) : Promise.resolve(f))));
  if (ready.some((f) => f.size > UPLOAD_MAX_BYTES)) throw new Error('tooLarge');
  const ticket = await fetchUploadTicket(browserContext(), {
    userDir: CHAT_UPLOAD_DIR,
    uploadSize: ready.length,
    applyId: 'chat',
  });
  const uploads = await Promise.all(
    ready.map(async (file, n) => {
      const suffix = extensionOf(file.name);
      const key = `${ticket.keys[n]}.${suffix}`;
      await postObject(ticket, key, file);
      return { key, md5: md5Hex(new Uint8Array(await file.arrayBuffer())), suffix };
    }),
  );
  // One callback names them all (checked one after another); it takes its turn with the page's other uploads.
  const photos = await inCallbackTurn(() => uploadCallback(browserContext(), { uploads, userData: ticket.userData, viewId: '' }));
  return photos.map((p) => p.key);
}
