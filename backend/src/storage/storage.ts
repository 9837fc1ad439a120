/** Where images live (ARCHITECTURE "Data"): the local object store by default, Aliyun OSS when configured. */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Removes the object; no object is no error. */
  delete(key: string): Promise<void>;
  /** URL a browser can load: `/oss/<key>` locally (the web serves it same-origin), the bucket URL on OSS. */
  publicUrl(key: string): string;
  /** Every object whose key starts with `prefix` (a folder such as `ub/`), with when it was last written. */
  list(prefix: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** Object keys are plain relative paths: no `..`, no leading slash, no backslash, no NUL. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512 || key.startsWith('/') || key.includes('\\') || key.includes('\0')) {
    return false;
  }
  return key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
