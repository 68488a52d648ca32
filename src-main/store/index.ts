/** Public surface of the bucket store (Area B): other code and users' tests import only this. */
import type { BindingConfig } from './bindings';
import type { OpenBucket } from './types';
export { openBucket, honorsInclude } from './bucket';
export { createBucketCatalog, CatalogError } from './catalog';
export type { BucketCatalog, BucketInfo } from './catalog';
export { BucketNameError, bucketNameProblem, checkBucketName } from './bucket-name';
export type { BindingConfig, BindingEntry } from './bindings';
export { defaultBucketsDir } from './data-dir';
export type {
  OpenBucket,
  OpenBucketOptions,
  StoreBucket,
  StoreChecksums,
  StoreConditional,
  StoreGetOptions,
  StoreHTTPMetadata,
  StoreListOptions,
  StoreMultipartOptions,
  StoreMultipartUpload,
  StoreObject,
  StoreObjectBody,
  StoreObjects,
  StorePutOptions,
  StoreRange,
  StoreStorageClass,
  StoreUploadedPart,
  StorePutValue,
  StorePartValue,
} from './types';

// The config readers pull in TOML, JSONC and zod (about 20 MB of memory): load them only when a
// config is read, so a process that just opens buckets (a user's test, a benchmark) stays small.

/** Reads a project's bucket bindings (TOML or JSON with comments); see bindings.ts. */
export async function readBindingConfig(configPath: string): Promise<BindingConfig> {
  return (await import('./bindings')).readBindingConfig(configPath);
}

/** Opens every bucket bound in a project's config as `{ [binding]: bucket }`; see bindings.ts. */
export async function loadBindings(configPath: string, options?: { bucketsDir?: string }): Promise<Record<string, OpenBucket>> {
  return (await import('./bindings')).loadBindings(configPath, options);
}
