import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundTask } from './background-task';

/**
 * A background task that runs `pass` every `everyMs`, never two at once (the next waits for the previous to
 * end), logs a failed pass and carries on, and on stop waits for the pass in hand. The first pass comes
 * `firstAfterMs` after start (default `everyMs`).
 */
export function startPeriodicTask(
  name: string,
  everyMs: number,
  pass: () => Promise<void>,
  log: FastifyBaseLogger,
  firstAfterMs: number = everyMs,
): BackgroundTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = undefined;
        if (!stopped) schedule();
      });
  };
  const schedule = (afterMs = everyMs) => {
    timer = setTimeout(tick, afterMs);
    timer.unref();
  };
  schedule(firstAfterMs);

  return {
    name,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
