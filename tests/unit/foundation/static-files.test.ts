import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveStaticPath } from '../../../src-main/bridge/static-files';

// The one resolver behind app:// (Electron) and the browser-mode static server.
describe('resolveStaticPath', () => {
  const root = resolve('/srv/zonedesk/renderer');

  it.each([
    ['/', join(root, 'index.html')],
    ['/index.html', join(root, 'index.html')],
    ['/assets/app-1234.js', join(root, 'assets', 'app-1234.js')],
    ['/assets/../index.html', join(root, 'index.html')],
    ['/%2e%2e/%2e%2e/etc/passwd', join(root, 'etc', 'passwd')], // clamped at the root, like a browser would
  ])('maps %s inside the root', (urlPath, expected) => {
    expect(resolveStaticPath(root, urlPath)).toBe(expected);
  });

  it.each([
    ['../secret.txt'],
    ['..%2Fsecret.txt'],
    ['assets/../../secret.txt'],
    ['/index.html%00.png'],
    ['/%E0%A4%A'], // malformed escape
    ['/.'],
  ])('refuses %s', (urlPath) => {
    expect(resolveStaticPath(root, urlPath)).toBeUndefined();
  });

  it('accepts a root given with .. segments or a trailing slash', () => {
    const messy = `${resolve('/srv/zonedesk/main')}/../renderer/`;
    expect(resolveStaticPath(messy, '/index.html')).toBe(join(root, 'index.html'));
    expect(resolveStaticPath(messy, '/../main/index.js')).toBe(join(root, 'main', 'index.js'));
  });
});
