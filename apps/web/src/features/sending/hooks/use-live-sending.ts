import { useLiveInvalidate } from '~/lib/live-events';
import { sendingKey } from '../api/get-compose';
import { useBrowserEvents } from './use-browser-events';

/**
 * Keeps every sending query of the page current without a reload: the worker reports each delivery
 * ('sending'), and balance changes (scheduling, credits returned, a purchase) come as 'profile'.
 */
export function useLiveSending() {
  useBrowserEvents();
  useLiveInvalidate('sending', [sendingKey]);
  useLiveInvalidate('profile', [sendingKey, ['profile']]);
}
