import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '@contracts/constants';
import { formMessages } from '@/lib/client/form-messages';
import { extensionOf } from './post-object';

const M = formMessages.upload;

/** spec §5 upload defaults: jpg, jpeg, png by name, case-insensitive. */
export const isAllowedPhoto = (name: string) => (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/**
 * Which picked files go up and what the picker says about the rest (copy.md's words, each once): a wrong format
 * (文件格式仅限jpg、jpeg、png格式！), over 5 MB (图片大小不能超过5MB！), an empty file, and beyond `max` photos in all
 * (`already` are there) the extras cut with 文件数量不能超过{max}. Pure: the photo upload's rules, testable alone.
 */
export function screenPicks(files: readonly File[], already: number, max: number): { taken: File[]; notices: string[] } {
  const found: string[] = [];
  const ok = files.filter((f) => {
    if (!isAllowedPhoto(f.name)) {
      found.push(M.badFormat(UPLOAD_EXTENSIONS.join('、')));
      return false;
    }
    if (f.size > UPLOAD_MAX_BYTES) {
      found.push(M.tooLarge(UPLOAD_MAX_MB));
      return false;
    }
    if (f.size === 0) {
      found.push(formMessages.hardening.emptyFile);
      return false;
    }
    return true;
  });
  const room = Math.max(0, max - already);
  if (ok.length > room) found.push(M.tooMany(max));
  return { taken: ok.slice(0, room), notices: [...new Set(found)] };
}
