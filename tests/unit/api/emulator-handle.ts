/** The emulator entry point the client tests and the benchmark use (one import site to adjust). */
export { startServiceEmulator } from '../../../src-main/emulator';
export type { RunningEmulator as RunningEmulatorHandle } from '../../../src-main/emulator';
