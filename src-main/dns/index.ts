/** DNS record rules: pure functions shared by the emulator (to enforce) and the UI (to pre-check). */
export * from './types';
export * from './errors';
export { isOwnNetworkAddress, parseIPv4, parseIPv6, OWN_NETWORK_V4, OWN_NETWORK_V6 } from './addresses';
export { normalizeRecordName, qualifyName } from './names';
export { RECORD_TYPE_FIELDS, PROXIABLE_TYPES, type FieldSpec, type FieldKind, type RecordTypeSpec } from './record-fields';
export { formatContent, parseContent } from './content';
export { validateData } from './data-fields';
export { checkComment, checkTags, splitTag } from './attributes';
export { findConflicts, type ExistingRecord } from './conflicts';
export {
  validateRecord, mergeRecordPatch, AUTO_TTL, AUTO_TTL_SECONDS, MAX_TTL,
  type NormalizedRecord, type ValidationContext, type ValidationResult,
} from './validate';
export { parseZoneFile, parseTtl, type ZoneFileParseResult, type ZoneFileError } from './zonefile-parse';
export { exportZoneFile, type ExportableRecord } from './zonefile-export';
export { parseCommentAttributes, formatCommentAttributes, parseTagList, type CommentAttributes } from './zonefile-attributes';
