/** Public surface of the bucket store (Area B): other code and users' tests import only this. */
export { openBucket, honorsInclude } from './bucket';
export { createBucketCatalog, CatalogError } from './catalog';
export type { BucketCatalog, BucketInfo } from './catalog';
export { BucketNameError, bucketNameProblem, checkBucketName } from './bucket-name';
export { loadBindings, readBindingConfig } from './bindings';
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
