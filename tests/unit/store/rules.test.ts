import { describe, expect, it } from 'vitest';
import { conditionHolds, parseCondition, parseEtagList } from '../../../src-main/store/conditional';
import { parseRangeHeader, resolveRange } from '../../../src-main/store/range';
import { bucketNameProblem } from '../../../src-main/store/bucket-name';
import { checkPartSizes } from '../../../src-main/store/multipart';
import { honorsInclude } from '../../../src-main/store/bucket';
import { prefixEnd } from '../../../src-main/store/list';

const E = 'abc';
const U = Date.UTC(2024, 0, 1, 12, 0, 0, 500); // .500 ms into a second
const obj = { etag: E, uploaded: U };

describe('conditionHolds (object form)', () => {
  it.each([
    [{}, true],
    [{ etagMatches: E }, true],
    [{ etagMatches: 'zzz' }, false],
    [{ etagMatches: '*' }, true],
    [{ etagDoesNotMatch: E }, false],
    [{ etagDoesNotMatch: 'zzz' }, true],
    [{ etagDoesNotMatch: '*' }, false],
    [{ uploadedAfter: new Date(U) }, false],
    [{ uploadedAfter: new Date(U - 1) }, true],
    [{ uploadedBefore: new Date(U) }, false],
    [{ uploadedBefore: new Date(U + 1) }, true],
    [{ etagMatches: E, uploadedBefore: new Date(U - 10_000) }, true],
    [{ etagDoesNotMatch: 'x', uploadedAfter: new Date(U + 10_000) }, true],
    [{ uploadedAfter: new Date(U - 400), secondsGranularity: true }, false],
  ])('%o → %s', (c, want) => {
    expect(conditionHolds(parseCondition(c), obj)).toBe(want);
  });
  it.each([
    [{ etagMatches: E }, false],
    [{ etagMatches: '*' }, false],
    [{ uploadedAfter: new Date(0) }, false],
    [{ etagDoesNotMatch: '*' }, true],
    [{ etagDoesNotMatch: E }, true],
    [{ uploadedBefore: new Date(0) }, true],
  ])('absent object, %o → %s', (c, want) => {
    expect(conditionHolds(parseCondition(c), null)).toBe(want);
  });
});

describe('conditionHolds (Headers form, seconds granularity, RFC 7232)', () => {
  const sec = new Date(Math.floor(U / 1000) * 1000).toUTCString();
  const next = new Date(Math.floor(U / 1000) * 1000 + 1000).toUTCString();
  it.each([
    [{ 'If-Match': `"${E}"` }, true],
    [{ 'If-Match': `W/"${E}"` }, false],
    [{ 'If-Match': `"x", "${E}"` }, true],
    [{ 'If-Match': '*' }, true],
    [{ 'If-None-Match': `W/"${E}"` }, false],
    [{ 'If-None-Match': '*' }, false],
    [{ 'If-None-Match': '"x"' }, true],
    [{ 'If-Modified-Since': sec }, false],
    [{ 'If-Unmodified-Since': sec }, true], // same second passes (spec follows RFC 7232)
    [{ 'If-Unmodified-Since': new Date(U - 1000).toUTCString() }, false],
    [{ 'If-Modified-Since': new Date(U - 1000).toUTCString() }, true],
    [{ 'If-Modified-Since': next }, false],
    [{ 'If-Range': '"zzz"' }, true],
    [{ 'If-Modified-Since': 'not a date' }, true],
  ])('%o → %s', (h, want) => {
    expect(conditionHolds(parseCondition(new Headers(h)), obj)).toBe(want);
  });
});

describe('parseEtagList', () => {
  it('parses lists', () => {
    expect(parseEtagList(' "a" ,, W/"b"', 'if-match')).toEqual([{ value: 'a', weak: false }, { value: 'b', weak: true }]);
    expect(parseEtagList('"a", *', 'if-match')).toEqual([{ value: '*', weak: false }]);
    expect(parseEtagList('"a" b', 'if-match')).toEqual([{ value: 'a', weak: false }]);
  });
  it.each([
    ['abc', 'Invalid ETag in if-match header'],
    ['"abc', 'Unclosed double quote for Etag'],
    ['W/abc', 'Weak etags must start with W/ and their value must be quoted'],
    ['"a" "b"', 'Comma was expected to separate etags. Encountered "b"'],
  ])('%s → %s', (h, msg) => {
    expect(() => parseEtagList(h, 'if-match')).toThrow(msg);
  });
  it('rejects quoted etags in the object form', () => {
    expect(() => parseCondition({ etagMatches: '"abc"' })).toThrow(new TypeError('Conditional ETag should not be wrapped in quotes ("abc").'));
  });
});

describe('ranges', () => {
  it.each([
    [{ kind: 'bytes', offset: 2 }, 10, { offset: 2, length: 8 }],
    [{ kind: 'bytes', length: 3 }, 10, { offset: 0, length: 3 }],
    [{ kind: 'bytes', offset: 8, length: 5 }, 10, { offset: 8, length: 2 }],
    [{ kind: 'suffix', suffix: 4 }, 10, { offset: 6, length: 4 }],
    [{ kind: 'suffix', suffix: 40 }, 10, { offset: 0, length: 10 }],
  ] as const)('%o of %d → %o', (req, size, want) => {
    expect(resolveRange(req, size)).toEqual(want);
  });
  it.each([
    [{ kind: 'bytes', offset: 10 }, 10],
    [{ kind: 'bytes', offset: 11 }, 10],
    [{ kind: 'bytes', length: 0 }, 10],
    [{ kind: 'suffix', suffix: 0 }, 10],
    [{ kind: 'bytes', offset: 0 }, 0],
  ] as const)('%o of %d → 10039', (req, size) => {
    expect(() => resolveRange(req, size)).toThrow('get: The requested range is not satisfiable (10039)');
  });
  it.each([
    ['bytes=0-4', { offset: 0, length: 5 }],
    ['BYTES = 2-', { offset: 2, length: 8 }],
    ['bytes=-3', { offset: 7, length: 3 }],
    ['bytes=-30', { offset: 0, length: 10 }],
    ['bytes=5-100', { offset: 5, length: 5 }],
    ['bytes=0-1,3-4', undefined],
    ['bytes=5-2', undefined],
    ['bytes=10-', undefined],
    ['bytes=-0', undefined],
    ['items=0-1', undefined],
  ])('Range %s → %o', (h, want) => {
    expect(parseRangeHeader(h, 10)).toEqual(want);
  });
});

describe('bucket names', () => {
  it.each([
    ['abc', undefined],
    ['my-bucket-1', undefined],
    ['a'.repeat(63), undefined],
    ['ab', 'must be 3 to 63 characters long (got 2)'],
    ['a'.repeat(64), 'must be 3 to 63 characters long (got 64)'],
    ['Abc', 'may contain only lowercase letters, digits and hyphens'],
    ['a_b', 'may contain only lowercase letters, digits and hyphens'],
    ['-ab', 'must start and end with a lowercase letter or a digit'],
    ['ab-', 'must start and end with a lowercase letter or a digit'],
  ])('%s → %s', (name, problem) => {
    expect(bucketNameProblem(name)).toBe(problem);
  });
});

describe('multipart size rules', () => {
  const M = 5 * 1024 * 1024;
  it.each([
    [[{ num: 1, size: 10 }], null],
    [[{ num: 1, size: M }, { num: 2, size: 1 }], null],
    [[{ num: 1, size: M }, { num: 2, size: M }, { num: 3, size: M }], null],
    [[{ num: 1, size: 1 }, { num: 2, size: M }], '10011'],
    [[{ num: 2, size: 1 }, { num: 1, size: M }], '10011'],
    [[{ num: 1, size: M }, { num: 2, size: M + 1 }], '10048'],
    [[{ num: 1, size: M + 1 }, { num: 2, size: M }, { num: 3, size: 1 }], '10048'],
    [[{ num: 2, size: M }, { num: 1, size: M + 1 }], null], // sorted: M+1 then a smaller last part
  ])('%o → %s', (parts, code) => {
    if (code) expect(() => checkPartSizes(parts)).toThrow(`(${code})`);
    else expect(() => checkPartSizes(parts)).not.toThrow();
  });
});

describe('include honouring rule', () => {
  it.each([
    [undefined, undefined, false],
    ['2022-08-03', [], false],
    ['2022-08-04', [], true],
    ['2024-01-01', undefined, true],
    ['2021-01-01', ['store_list_honor_include'], true],
    ['2021-01-01', ['r2_list_honor_include'], true],
  ])('%s %o → %s', (date, flags, want) => {
    expect(honorsInclude(date, flags)).toBe(want);
  });
});

describe('prefixEnd', () => {
  it.each([
    ['a', 'b'],
    ['a/', 'a0'],
    ['', undefined],
  ])('%s → %s', (p, want) => {
    expect(prefixEnd(Buffer.from(p))?.toString()).toBe(want);
  });
  it('carries over 0xff bytes', () => {
    expect(prefixEnd(Buffer.from([0x61, 0xff]))).toEqual(Buffer.from([0x62]));
  });
});
