import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenLive } from './live-events';

/** The browser's EventSource as far as live-events uses it: listeners, readyState, close. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  private readonly handlers = new Map<string, Array<() => void>>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, handler: () => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string) {
    if (type === 'ready') this.readyState = FakeEventSource.OPEN;
    for (const handler of this.handlers.get(type) ?? []) handler();
  }
  /** What the browser does on an error answer (401, 502): it stops for good. */
  giveUp() {
    this.readyState = FakeEventSource.CLOSED;
    this.emit('error');
  }
}

const latest = () => FakeEventSource.made[FakeEventSource.made.length - 1] as FakeEventSource;

describe('live events in the browser', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.made = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one stream for every listener and calls those of the topic named', () => {
    const sending = vi.fn();
    const profile = vi.fn();
    const stopSending = listenLive('sending', sending);
    const stopProfile = listenLive('profile', profile);
    expect(FakeEventSource.made).toHaveLength(1);
    latest().emit('ready');
    latest().emit('sending');
    expect(sending).toHaveBeenCalledTimes(1);
    expect(profile).not.toHaveBeenCalled();
    stopSending();
    stopProfile();
    expect(latest().closed).toBe(true);
  });

  it('opens a new stream after the browser gave up on an error answer, later each time, and everyone re-fetches', () => {
    const sending = vi.fn();
    const stop = listenLive('sending', sending);
    latest().emit('ready');
    // A passing network error: the browser is reconnecting by itself, nothing to do.
    latest().emit('error');
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.made).toHaveLength(1);

    latest().giveUp(); // a 502 while the server restarts
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.made).toHaveLength(2);
    latest().giveUp(); // still down: the next try waits longer
    vi.advanceTimersByTime(3_999);
    expect(FakeEventSource.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.made).toHaveLength(3);

    // Back: what changed meanwhile is fetched again, and events reach the listener on the new stream.
    latest().emit('ready');
    expect(sending).toHaveBeenCalledTimes(1);
    latest().emit('sending');
    expect(sending).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does not reopen once nothing listens', () => {
    const stop = listenLive('billing', vi.fn());
    latest().emit('ready');
    latest().giveUp();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.made).toHaveLength(1);
  });
});
