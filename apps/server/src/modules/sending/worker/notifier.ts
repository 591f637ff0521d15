import type { EventBus, LiveTopic } from '../../../lib/event-bus';

/**
 * Live events from the worker, coalesced per user and topic: the first change is published at once, further
 * changes within the window become one more event at its end. A mailbox sending 200 messages a second thus
 * makes at most a few events a second for its owner (and for the admins' send-log tab).
 */
export class CoalescingNotifier {
  private readonly windows = new Map<string, { timer: NodeJS.Timeout; dirty: boolean }>();

  constructor(
    private readonly events: EventBus,
    private readonly windowMs = 300,
  ) {}

  notify(profileId: string, topic: LiveTopic): void {
    const key = `${topic}\u0000${profileId}`;
    const open = this.windows.get(key);
    if (open) {
      open.dirty = true;
      return;
    }
    this.events.publish({ topic, profileId });
    const window = {
      dirty: false,
      timer: setTimeout(() => {
        this.windows.delete(key);
        if (window.dirty) this.notify(profileId, topic);
      }, this.windowMs),
    };
    window.timer.unref();
    this.windows.set(key, window);
  }

  /** Publishes whatever is still pending (on stop), so the last change is never swallowed. */
  flush(): void {
    for (const [key, window] of this.windows) {
      clearTimeout(window.timer);
      if (window.dirty) {
        const [topic, profileId] = key.split('\u0000') as [LiveTopic, string];
        this.events.publish({ topic, profileId });
      }
    }
    this.windows.clear();
  }
}
