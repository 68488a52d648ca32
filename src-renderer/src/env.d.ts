/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { Api } from '../../src-preload/contract';

declare global {
  interface Window {
    /** Present in the Electron shell (exposed by the preload); absent in browser mode. */
    zonedesk?: Api;
  }
}
