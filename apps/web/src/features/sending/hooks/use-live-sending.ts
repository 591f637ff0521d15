import { useLiveInvalidate } from '~/lib/live-events';
import { sendingKey } from '../api/get-compose';

/**
 * Keeps every sending query of the page current without a reload: the worker reports each delivery
 * ('sending'), and balance changes (scheduling, credits returned, a purchase) come as 'profile'.
 */
export function useLiveSending() {
  useLiveInvalidate('sending', [sendingKey]);
  useLiveInvalidate('profile', [sendingKey, ['profile']]);
}
