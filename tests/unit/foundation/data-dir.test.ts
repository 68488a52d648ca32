import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformDataDir, resolveDataDir } from '../../../src-main/data-dir';

describe('data directory', () => {
  const env = { HOME: '/home/ada' };
  it.each([
    ['--data-dir flag', ['node', 'x', '--data-dir', '/d1'], { ...env, ZONEDESK_DATA_DIR: '/d2' }, undefined, '/d1'],
    ['--data-dir= flag', ['node', 'x', '--data-dir=/d1'], env, '/electron', '/d1'],
    ['environment variable', ['node', 'x'], { ...env, ZONEDESK_DATA_DIR: '/d2' }, '/electron', '/d2'],
    ['Electron userData', ['node', 'x'], env, '/electron', '/electron'],
    ['platform default', ['node', 'x'], env, undefined, '/home/ada/.config/Zonedesk'],
  ])('prefers the %s', (_label, argv, environment, electronUserData, expected) => {
    expect(resolveDataDir({ argv, env: environment, platform: 'linux', electronUserData })).toBe(expected);
  });

  it('makes a relative --data-dir absolute, from the working directory', () => {
    const dir = resolveDataDir({ argv: ['node', 'x', '--data-dir', 'my-data'], env, platform: 'linux' });
    expect(dir).toBe(join(process.cwd(), 'my-data'));
  });

  it.each([
    ['darwin', { HOME: '/Users/ada' }, '/Users/ada/Library/Application Support/Zonedesk'],
    ['linux', { HOME: '/home/ada', XDG_CONFIG_HOME: '/xdg' }, '/xdg/Zonedesk'],
  ] as const)('knows the %s default', (platform, environment, expected) => {
    expect(platformDataDir(platform, environment)).toBe(expected);
  });
});
