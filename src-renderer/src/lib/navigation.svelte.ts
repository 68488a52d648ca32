export const SCREENS = [
  { id: 'dns', label: 'DNS', icon: 'globe', shortcut: '1' },
  { id: 'buckets', label: 'Buckets', icon: 'bucket', shortcut: '2' },
  { id: 'migration', label: 'Migration', icon: 'shield', shortcut: '3' },
  { id: 'accounts', label: 'Accounts', icon: 'user', shortcut: '4' },
  { id: 'about', label: 'About', icon: 'info', shortcut: '5' },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

function isScreenId(value: string): value is ScreenId {
  return SCREENS.some((s) => s.id === value);
}

/** Which screen is shown; mirrored in the URL hash so a reload keeps the place. */
export class Navigation {
  current = $state<ScreenId>('dns');

  constructor(hash = '') {
    const fromHash = hash.replace(/^#\/?/, '');
    if (isScreenId(fromHash)) this.current = fromHash;
  }

  go(id: ScreenId): void {
    this.current = id;
    if (typeof history !== 'undefined') history.replaceState(history.state, '', `#/${id}`);
  }

  /** Ctrl/Cmd + 1…5 jump to a screen. Returns true when the key was handled. */
  handleShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
    const screen = SCREENS.find((s) => s.shortcut === event.key);
    if (!screen) return false;
    this.go(screen.id);
    return true;
  }
}
