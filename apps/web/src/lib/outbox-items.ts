import { useSyncExternalStore } from 'react';
import type { OutboxItem } from './outbox.ts';

/**
 * What the pages show of the signed-in person's outbox: its items as last read (lib/outbox-sender.ts
 * follows the store and shows each change here). Apart from the sender, so that the top bar carries
 * this and not the sender's code.
 */
let items: readonly OutboxItem[] = [];
const listeners = new Set<() => void>();

export function show(next: readonly OutboxItem[]) {
  items = next;
  listeners.forEach((listener) => listener());
}

/** The outbox's items, in the order they were made (none until the store is open). */
export function useOutboxItems(): readonly OutboxItem[] {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => items,
    () => items,
  );
}

/** Items not sent yet (needs-attention ones too: they are not sent either). */
export const unsentItems = (list: readonly OutboxItem[]) => list.filter((i) => i.status !== 'sent');
