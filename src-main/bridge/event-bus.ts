/**
 * Main→renderer events. Services emit typed, schema-checked payloads; each host (the Electron window,
 * the harness) subscribes once and forwards to its renderer.
 */
import { events, type EventName, type EventPayload } from '../../src-preload/contract'

export type EventListener = (name: EventName, payload: unknown) => void

export interface EventBus {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void
  /** Returns the function that unsubscribes. */
  subscribe(listener: EventListener): () => void
}

export function createEventBus(): EventBus {
  const listeners = new Set<EventListener>()
  return {
    emit(name, payload) {
      const parsed = events[name].parse(payload)
      for (const listener of listeners) listener(name, parsed)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
