import busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';

/** Form fields of a multipart body; file parts are read as text like plain fields. */
export type FormFields = { ok: true; fields: Map<string, string> } | { ok: false; reason: 'too-large' | 'malformed' };

/** Parses a buffered multipart/form-data body (the SDK sends `file` as a plain field, others as a file part). */
export function parseMultipart(headers: IncomingHttpHeaders, body: Buffer, maxFieldBytes: number): Promise<FormFields> {
  return new Promise((resolve) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers, limits: { fieldSize: maxFieldBytes, fileSize: maxFieldBytes, fields: 20, files: 5 } });
    } catch {
      resolve({ ok: false, reason: 'malformed' });
      return;
    }
    const fields = new Map<string, string>();
    let tooLarge = false;
    let pending = 0;
    let closed = false;
    const finish = () => {
      if (closed && pending === 0) resolve(tooLarge ? { ok: false, reason: 'too-large' } : { ok: true, fields });
    };
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) tooLarge = true;
      fields.set(name, value);
    });
    bb.on('file', (name, stream) => {
      pending++;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('close', () => {
        fields.set(name, Buffer.concat(chunks).toString('utf8'));
        pending--;
        finish();
      });
    });
    bb.on('error', () => resolve({ ok: false, reason: 'malformed' }));
    bb.on('close', () => {
      closed = true;
      finish();
    });
    bb.end(body);
  });
}
