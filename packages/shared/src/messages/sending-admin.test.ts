import { describe, expect, it } from 'vitest';
import { defaultPages } from '../defaults/pages';
import * as sending from './sending';
import * as sendingAdmin from './sending-admin';

/** Every text a module holds, the templates inside its functions included. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'function'
      ? [value.toString()]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(textsOf)
        : [];

describe('one name for each sending state', () => {
  it('the logs’ in-progress counter names the states it counts as the status column does', () => {
    expect(sendingAdmin.sendingLogsText.summary.inProgress).toContain(sending.jobStatusText.pending);
    expect(sendingAdmin.sendingLogsText.summary.inProgress).toContain(sending.jobStatusText.processing);
  });

  it('no text calls a send in progress by a second name («قيد المعالجة»)', () => {
    const texts = [sending, sendingAdmin, defaultPages].flatMap(textsOf);
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => text.includes('قيد المعالجة'))).toEqual([]);
  });
});
