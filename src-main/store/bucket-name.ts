/** Bucket names as the service accepts them (pure). */

/** Thrown for a bucket name the service would refuse. */
export class BucketNameError extends TypeError {
  override name = 'BucketNameError';
}

const NAME = /^[a-z0-9][a-z0-9-]*[a-z0-9]$/;

/** Why a name is invalid, or undefined when it is valid: 3–63 chars of a-z, 0-9 and '-', alphanumeric at both ends. */
export function bucketNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'must be a string';
  if (name.length < 3 || name.length > 63) return `must be 3 to 63 characters long (got ${name.length})`;
  if (/[^a-z0-9-]/.test(name)) return 'may contain only lowercase letters, digits and hyphens';
  if (!NAME.test(name)) return 'must start and end with a lowercase letter or a digit';
  return undefined;
}

/** Returns the name or throws a BucketNameError that says what is wrong. */
export function checkBucketName(name: unknown): string {
  const problem = bucketNameProblem(name);
  if (problem) throw new BucketNameError(`Invalid bucket name ${JSON.stringify(name)}: ${problem}.`);
  return name as string;
}
