import { endpoint } from './endpoint';

/** Live updates: one server-sent event stream per signed-in tab (lib/live-events.ts on the web). */
export const events = {
  stream: endpoint('GET', '/api/events', { kind: 'events' }),
} as const;
