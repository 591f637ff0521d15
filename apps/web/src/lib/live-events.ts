import { contract } from '@sira/shared/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { hrefOf } from './api-client';

/**
 * Live updates over Server-Sent Events (`contract.events.stream`). The server names what changed — 'profile',
 * 'sending', 'billing', 'mailbox' for the user, 'admin-sending' and 'admin-billing' for administrators — and
 * the page re-fetches. One EventSource per tab, opened while at least one component listens.
 */
export type LiveTopic = 'profile' | 'sending' | 'billing' | 'mailbox' | 'admin-sending' | 'admin-billing';

type Listener = () => void;
const listeners = new Map<LiveTopic, Set<Listener>>();
let source: EventSource | null = null;
let connectedOnce = false;

/**
 * The browser reconnects by itself after a network drop, but gives up for good on an error answer (401 once
 * the session ended, 502 while the server restarts): then a new connection is opened after a pause, doubling
 * up to half a minute, for as long as anything listens.
 */
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;
let retryMs = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function everyListener(): Listener[] {
  return [...listeners.values()].flatMap((set) => [...set]);
}

function open() {
  if (source || retryTimer || typeof EventSource === 'undefined') return;
  const current = new EventSource(hrefOf(contract.events.stream), { withCredentials: true });
  source = current;
  // After a reconnect, changes may have been missed: everyone re-fetches once.
  current.addEventListener('ready', () => {
    retryMs = FIRST_RETRY_MS;
    if (connectedOnce) for (const listener of everyListener()) listener();
    connectedOnce = true;
  });
  current.addEventListener('error', () => {
    if (source !== current || current.readyState !== EventSource.CLOSED) return;
    current.close();
    source = null;
    attached.clear();
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (everyListener().length > 0) open();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
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
  if (everyListener().length > 0) return;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryMs = FIRST_RETRY_MS;
  connectedOnce = false;
  if (!source) return;
  source.close();
  source = null;
  attached.clear();
}

/**
 * Calls `listener` whenever the server reports a change on `topic`, and after a reconnect. Returns the
 * function that stops it (the connection closes when nothing listens any more).
 */
export function listenLive(topic: LiveTopic, listener: Listener): () => void {
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
}

/** Calls `onChange` whenever the server reports a change on `topic` (and after a reconnect). */
export function useLiveEvent(topic: LiveTopic, onChange: Listener) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => listenLive(topic, () => latest.current()), [topic]);
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
