/**
 * The spec's Area B types (bucket binding), by the spec's names. Everything other code
 * imports from the store comes through `index.ts`, which re-exports these.
 */

export type StoreStorageClass = 'Standard' | 'InfrequentAccess';

export interface StoreHTTPMetadata {
  contentType?: string;
  contentLanguage?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  cacheControl?: string;
  cacheExpiry?: Date;
}

/** Stored checksums; each getter returns a fresh ArrayBuffer, `toJSON()` gives lowercase hex. */
export interface StoreChecksums {
  readonly md5?: ArrayBuffer;
  readonly sha1?: ArrayBuffer;
  readonly sha256?: ArrayBuffer;
  readonly sha384?: ArrayBuffer;
  readonly sha512?: ArrayBuffer;
  toJSON(): StoreChecksumsJSON;
}

export interface StoreChecksumsJSON {
  md5?: string;
  sha1?: string;
  sha256?: string;
  sha384?: string;
  sha512?: string;
}

/** One of the three forms: offset[+length], [offset+]length, or suffix. */
export type StoreRange =
  | { offset: number; length?: number }
  | { offset?: number; length: number }
  | { suffix: number };

export interface StoreConditional {
  etagMatches?: string;
  etagDoesNotMatch?: string;
  uploadedBefore?: Date;
  uploadedAfter?: Date;
  /** Runtime extension (not in the spec): compare upload times in whole seconds. */
  secondsGranularity?: boolean;
}

export interface StoreGetOptions {
  onlyIf?: StoreConditional | Headers;
  range?: StoreRange | Headers;
  /**
   * The spec says httpMetadata "can be overridden on get; the overriding values are then echoed".
   * We accept the overrides here: given fields replace the stored ones in the returned object's
   * `httpMetadata` (and so in `writeHttpMetadata`), storage is left unchanged.
   */
  httpMetadata?: StoreHTTPMetadata | Headers;
}

export type StoreHashValue = ArrayBuffer | ArrayBufferView | string;

export interface StorePutOptions {
  onlyIf?: StoreConditional | Headers;
  httpMetadata?: StoreHTTPMetadata | Headers;
  customMetadata?: Record<string, string>;
  md5?: StoreHashValue;
  sha1?: StoreHashValue;
  sha256?: StoreHashValue;
  sha384?: StoreHashValue;
  sha512?: StoreHashValue;
  storageClass?: StoreStorageClass;
}

export type StoreListInclude = 'httpMetadata' | 'customMetadata';

export interface StoreListOptions {
  limit?: number;
  prefix?: string;
  cursor?: string;
  delimiter?: string;
  include?: StoreListInclude[];
  /** Runtime extension (not in the spec): list keys strictly after this one. */
  startAfter?: string;
}

export interface StoreMultipartOptions {
  httpMetadata?: StoreHTTPMetadata | Headers;
  customMetadata?: Record<string, string>;
  storageClass?: StoreStorageClass;
}

export interface StoreObject {
  readonly key: string;
  readonly version: string;
  readonly size: number;
  readonly etag: string;
  readonly httpEtag: string;
  readonly uploaded: Date;
  /** Always present on head/get/put results; on list results only when included. */
  readonly httpMetadata?: StoreHTTPMetadata;
  readonly customMetadata?: Record<string, string>;
  readonly range?: StoreRange;
  readonly checksums: StoreChecksums;
  readonly storageClass: StoreStorageClass;
  writeHttpMetadata(headers: Headers): void;
}

export interface StoreObjectBody extends StoreObject {
  readonly body: ReadableStream<Uint8Array>;
  readonly bodyUsed: boolean;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
  json<T>(): Promise<T>;
  blob(): Promise<Blob>;
}

export type StoreObjects = {
  objects: StoreObject[];
  delimitedPrefixes: string[];
} & ({ truncated: true; cursor: string } | { truncated: false; cursor?: undefined });

export interface StoreUploadedPart {
  partNumber: number;
  etag: string;
}

export type StorePutValue = ReadableStream<Uint8Array> | ArrayBuffer | ArrayBufferView | string | null | Blob;
export type StorePartValue = ReadableStream<Uint8Array> | ArrayBuffer | ArrayBufferView | string | Blob;

export interface StoreMultipartUpload {
  readonly key: string;
  readonly uploadId: string;
  uploadPart(partNumber: number, value: StorePartValue): Promise<StoreUploadedPart>;
  abort(): Promise<void>;
  complete(uploadedParts: StoreUploadedPart[]): Promise<StoreObject>;
}

export interface StoreBucket {
  head(key: string): Promise<StoreObject | null>;
  get(key: string, options: StoreGetOptions & { onlyIf: StoreConditional | Headers }): Promise<StoreObjectBody | StoreObject | null>;
  get(key: string, options?: StoreGetOptions): Promise<StoreObjectBody | null>;
  put(key: string, value: StorePutValue, options: StorePutOptions & { onlyIf: StoreConditional | Headers }): Promise<StoreObject | null>;
  put(key: string, value: StorePutValue, options?: StorePutOptions): Promise<StoreObject>;
  delete(keys: string | string[]): Promise<void>;
  list(options?: StoreListOptions): Promise<StoreObjects>;
  createMultipartUpload(key: string, options?: StoreMultipartOptions): Promise<StoreMultipartUpload>;
  resumeMultipartUpload(key: string, uploadId: string): StoreMultipartUpload;
}

export type OpenBucket = StoreBucket & { close(): Promise<void> };

export interface OpenBucketOptions {
  /** Folder holding the bucket (created if missing). */
  dir: string;
  /** Edge-function compatibility date (YYYY-MM-DD); decides whether list's `include` is honoured. */
  compatibilityDate?: string;
  compatibilityFlags?: string[];
  /** Overrides the bucket's stored default storage class for this handle. */
  defaultStorageClass?: StoreStorageClass;
  /** Milliseconds since epoch; injectable for tests (upload times, 7-day multipart expiry). */
  clock?: () => number;
}
