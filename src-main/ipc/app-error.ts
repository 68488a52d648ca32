import type { AppErrorShape, ErrorCode } from '../../src-preload/contract';

/** An error meant for the user: its code and message cross the IPC boundary as a value. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toShape(): AppErrorShape {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** Errors that know how to present themselves (e.g. the API client's ApiError) implement this. */
export interface ExposableError {
  toAppError(): AppErrorShape;
}

function isExposable(error: unknown): error is ExposableError {
  return typeof (error as ExposableError | null)?.toAppError === 'function';
}

/** Turns anything thrown by a service into a shape the UI can show; never a stack trace. */
export function toAppErrorShape(error: unknown): AppErrorShape {
  if (error instanceof AppError) return error.toShape();
  if (isExposable(error)) return error.toAppError();
  if (error instanceof TypeError || error instanceof RangeError) {
    return { code: 'INVALID_ARGUMENT', message: error.message };
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return { code: 'CANCELLED', message: 'The operation was cancelled.' };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', message: message || 'Unexpected error.' };
}
