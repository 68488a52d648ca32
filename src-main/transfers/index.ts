/** Public surface of the transfer engine (uploads, downloads, folder deletes). */
export { createTransferQueue, DEFAULT_LIMITS } from './queue';
export type { TransferQueue, TransferQueueDeps, TransferLimits, UploadRequest } from './queue';
export { createTransferRoutes, contentDisposition } from './routes';
export { planParts, isMultipart, partRange, DEFAULT_MULTIPART_THRESHOLD, MIN_PART_BYTES, MAX_PARTS, MiB } from './part-size';
export { resolveConflict, numberedKey } from './conflicts';
export { createProgressEmitter, RateMeter } from './progress';
export { FileChangedError } from './byte-source';
export { UploadPathError, assertUploadablePaths, uploadPathProblem } from './local-files';
export type { PathIssue } from './local-files';
