import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Live updates over Server-Sent Events (GET /api/events). The server names what changed — 'profile',
 * 'sending', 'billing', 'mailbox' for the user, 'admin-sending' and 'admin-billing' for administrators — and
 * the page re-fetches. One EventSource per tab, opened while at least one component listens.
 */
export type LiveTopic = 'profile' | 'sending' | 'billing' | 'mailbox' | 'admin-sending' | 'admin-billing';

type Listener = () => void;
const listeners = new Map<LiveTopic, Set<Listener>>();
let source: EventSource | null = null;
let connectedOnce = false;

function everyListener(): Listener[] {
  return [...listeners.values()].flatMap((set) => [...set]);
}

function open() {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/events', { withCredentials: true });
  // After a reconnect, changes may have been missed: everyone re-fetches once.
  source.addEventListener('ready', () => {
    if (connectedOnce) for (const listener of everyListener()) listener();
    connectedOnce = true;
  });
  for (const topic of listeners.keys()) attach(topic);
}

const attached = new Set<LiveTopic>();
function attach(topic: LiveTopic) {
  if (!source || attached.has(topic)) return;
  attached.add(topic);
  source.addEventListener(topic, () => {
    for (const listener of listeners.get(topic) ?? []) listener();
  });
}

function closeIfUnused() {
  if (everyListener().length > 0 || !source) return;
  source.close();
  source = null;
  attached.clear();
  connectedOnce = false;
}

/** Calls `onChange` whenever the server reports a change on `topic` (and after a reconnect). */
export function useLiveEvent(topic: LiveTopic, onChange: Listener) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const listener = () => latest.current();
    let set = listeners.get(topic);
    if (!set) {
      set = new Set();
      listeners.set(topic, set);
    }
    set.add(listener);
    open();
    attach(topic);
    return () => {
      set.delete(listener);
      closeIfUnused();
    };
  }, [topic]);
}

/** Re-fetches the given queries whenever `topic` changes. */
export function useLiveInvalidate(topic: LiveTopic, queryKeys: QueryKey[]) {
  const client = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  useLiveEvent(topic, () => {
    for (const queryKey of keys.current) void client.invalidateQueries({ queryKey });
  });
}
