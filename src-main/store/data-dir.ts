/** Where the app keeps its buckets by default. */
import { join } from 'node:path';
import { platformDataDir } from '../data-dir';

/** `ZONEDESK_BUCKETS_DIR`, else (`ZONEDESK_DATA_DIR` or the platform's app-data folder) + `/buckets`. */
export function defaultBucketsDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.ZONEDESK_BUCKETS_DIR) return env.ZONEDESK_BUCKETS_DIR;
  return join(env.ZONEDESK_DATA_DIR || platformDataDir(platform, env), 'buckets');
}
