import path from 'node:path';
import type { Config } from '../config';
import { aliyunStorage } from './aliyun-storage';
import { localStorage } from './local-storage';
import type { Storage } from './storage';

export type { Storage } from './storage';

/** Aliyun when every OSS_* setting is present, otherwise files under `${DATA_DIR}/oss` (.env.example). */
export function openStorage(config: Config): Storage {
  const { OSS_REGION, OSS_BUCKET, OSS_ACCESS_KEY_ID, OSS_ACCESS_KEY_SECRET } = config;
  if (OSS_REGION && OSS_BUCKET && OSS_ACCESS_KEY_ID && OSS_ACCESS_KEY_SECRET) {
    return aliyunStorage({ OSS_REGION, OSS_BUCKET, OSS_ACCESS_KEY_ID, OSS_ACCESS_KEY_SECRET });
  }
  return localStorage(path.join(config.DATA_DIR, 'oss'));
}
