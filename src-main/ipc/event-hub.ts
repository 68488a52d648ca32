import type { EventName, Events } from '../../src-preload/contract';
import type { PayloadOf } from '../../src-preload/contract/define';

export type EventListener = (name: EventName, payload: unknown) => void;

/** Fan-out of main → renderer push events; each transport (Electron, SSE) subscribes once. */
export interface EventHub {
  emit<E extends EventName>(name: E, payload: PayloadOf<Events[E]>): void;
  subscribe(listener: EventListener): () => void;
}

export function createEventHub(): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(name, payload) {
      for (const listener of listeners) {
        try {
          listener(name, payload);
        } catch {
          // A broken transport must not stop events reaching the others.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
