/** Storage errors as the binding surfaces them: plain `Error` with `"<op>: <text> (<code>)"`. */

export type StoreOp =
  | 'head'
  | 'get'
  | 'put'
  | 'delete'
  | 'list'
  | 'createMultipartUpload'
  | 'uploadPart'
  | 'completeMultipartUpload'
  | 'abortMultipartUpload';

export const ErrorText = {
  10001: 'We encountered an internal error. Please try again.',
  10007: 'The specified key does not exist.',
  10011: 'Your proposed upload is smaller than the minimum allowed object size.',
  10012: 'Your metadata headers exceed the maximum allowed metadata size.',
  10020: 'The specified object name is not valid.',
  10022: 'MaxKeys params must be positive integer <= 1000.',
  10024: 'The specified multipart upload does not exist.',
  10025: 'One or more of the specified parts could not be found.',
  10027: 'The number of keys in the request must be between 1 and 1000 inclusive.',
  10031: 'At least one of the pre-conditions you specified did not hold.',
  10039: 'The requested range is not satisfiable',
  10048: 'There was a problem with the multipart upload.',
  100100: 'Your proposed upload exceeds the maximum allowed object size.',
} as const;

export type StoreErrorCode = keyof typeof ErrorText | 10037;

/** Builds the coded storage error; `text` defaults to the service's message for the code. */
export function storeError(op: StoreOp, code: StoreErrorCode, text?: string): Error {
  const message = text ?? (code === 10037 ? 'Bad digest' : ErrorText[code]);
  return new Error(`${op}: ${message} (${code})`);
}
