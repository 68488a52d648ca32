import type { ShellCapabilities } from './app-handlers';

/**
 * Paths the user picked in the native save dialog, each usable once. A download may write only
 * to such a path, so a compromised renderer cannot make main overwrite an arbitrary file.
 */
export interface SavePathGrants {
  /** The shell, wrapped so every path the dialog returns is granted. */
  shell: ShellCapabilities | undefined;
  /** True (and the grant is used up) when the user chose this exact path. */
  consume(path: string): boolean;
}

export function createSavePathGrants(shell: ShellCapabilities | undefined): SavePathGrants {
  const granted = new Set<string>();
  return {
    shell: shell && {
      async chooseSavePath(defaultName) {
        const path = await shell.chooseSavePath(defaultName);
        if (path) granted.add(path);
        return path;
      },
    },
    consume(path) {
      return granted.delete(path);
    },
  };
}
