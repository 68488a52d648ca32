import type { RecordIssue } from '../dns/errors';
import { ApiFailure, type ApiErrorObject } from './routing';

/**
 * Error answers shared by the emulator's routes. Validation problems are reported at top level
 * (one error object per problem, `source.pointer` naming the field), as the service does since
 * it dropped the 1004 "DNS Validation Error" wrapper; clients should still read `error_chain`.
 */

/** Code chosen for query parameters the emulator cannot accept (not documented by the service). */
export const INVALID_QUERY_CODE = 9208;
/** Code chosen for an oversized request body. */
export const TOO_LARGE_CODE = 9210;
/** Code chosen for line-numbered zone-file parse errors on import. */
export const IMPORT_PARSE_CODE = 9209;

/** 400 with the validation issues of a record. */
export function validationFailure(issues: readonly RecordIssue[], pointerPrefix = ''): ApiFailure {
  return new ApiFailure(
    400,
    issues.map((i) => ({ code: i.code, message: i.message, source: { pointer: `${pointerPrefix}/${i.field.replace(/\./g, '/')}` } })),
  );
}

/** 400 for a bad query parameter. */
export function invalidQuery(name: string, why: string): ApiFailure {
  return new ApiFailure(400, [{ code: INVALID_QUERY_CODE, message: `Invalid value for query parameter '${name}': ${why}.` }]);
}

/** 400 for a body that is not what the endpoint takes. */
export function invalidBody(detail?: string): ApiFailure {
  return new ApiFailure(400, [{ code: 9207, message: detail ? `Request body is invalid. ${detail}` : 'Request body is invalid.' }]);
}

/** The service's answer to a malformed object identifier in the path. */
export function couldNotRoute(path: string): ApiFailure {
  return new ApiFailure(400, [
    { code: 7003, message: `Could not route to ${path}, perhaps your object identifier is invalid?` },
    { code: 7000, message: 'No route for that URI' },
  ]);
}

/** 404 for a zone id that is well formed but unknown. */
export function zoneNotFound(): ApiFailure {
  return new ApiFailure(404, [{ code: 1001, message: 'Invalid zone identifier' }]);
}

/** 404 for an unknown record id. */
export function recordNotFound(): ApiFailure {
  return new ApiFailure(404, [{ code: 81044, message: 'Record does not exist.' }]);
}

/** Prefixes the source pointers of a failure (batch: `/posts/3`). */
export function withPointerPrefix(failure: ApiFailure, prefix: string): ApiFailure {
  const errors: ApiErrorObject[] = failure.errors.map((e) => ({
    ...e,
    source: { pointer: `${prefix}${e.source?.pointer ?? ''}` },
  }));
  return new ApiFailure(failure.status, errors);
}

export const ID_PATTERN = /^[0-9a-f]{32}$/;
