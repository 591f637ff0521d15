import { describe, expect, it } from 'vitest';
import { MailboxRests, type RestReason } from './mailbox-rests';

const A = 'profile-a';
const B = 'profile-b';

/** A rests, taken outside any run, for each reason. */
function restingFor(reason: RestReason, until = 1_000): MailboxRests {
  const rests = new MailboxRests();
  expect(rests.rest(A, until, reason)).toBe(true);
  return rests;
}

describe('the scheduler’s rests', () => {
  it('keep a mailbox out until its time, then forget it', () => {
    const rests = restingFor('pacing', 1_000);
    rests.rest(B, 5_000, 'queue');
    expect(rests.restingAt(999)).toEqual([A, B]);
    expect(rests.restingAt(1_000)).toEqual([B]);
    expect(rests.restingAt(999)).toEqual([B]);
  });

  it.each([
    // reason, event topic, rest ends, scheduler looks again
    ['pacing', 'sending', true, true],
    ['queue', 'sending', true, true],
    ['busy', 'sending', false, true],
    ['pacing', 'mailbox', true, true],
    ['queue', 'mailbox', true, true],
    ['busy', 'mailbox', true, true],
    ['queue', 'profile', false, false],
    ['queue', 'billing', false, false],
  ] as const)('a %s rest and a %s event outside a run: rest ends %s, look again %s', (reason, topic, ends, look) => {
    const rests = restingFor(reason);
    expect(rests.changed(A, topic)).toBe(look);
    expect(rests.restingAt(0)).toEqual(ends ? [] : [A]);
  });

  it('a job scheduled while the run reads the queue: the run’s queue rest is not taken, and the scheduler looks again after it', () => {
    const rests = new MailboxRests();
    rests.runStarted(A);
    expect(rests.changed(A, 'sending')).toBe(false);
    expect(rests.rest(A, 9_000, 'queue')).toBe(false);
    rests.runEnded(A);
    expect(rests.restingAt(0)).toEqual([]);
  });

  it('a job scheduled after the run took its queue rest, before the run ended: the rest ends with the run', () => {
    const rests = new MailboxRests();
    rests.runStarted(A);
    expect(rests.rest(A, 9_000, 'queue')).toBe(true);
    rests.changed(A, 'sending');
    expect(rests.restingAt(0)).toEqual([A]);
    rests.runEnded(A);
    expect(rests.restingAt(0)).toEqual([]);
  });

  it.each(['pacing', 'busy'] as const)(
    'a change during a run leaves its %s rest: pacing and holds do not depend on the queue',
    (reason) => {
      const rests = new MailboxRests();
      rests.runStarted(A);
      rests.changed(A, 'sending');
      expect(rests.rest(A, 9_000, reason)).toBe(true);
      rests.runEnded(A);
      expect(rests.restingAt(0)).toEqual([A]);
    },
  );

  it('a change before the run started is what the run reads: its queue rest holds, and the next run starts afresh', () => {
    const rests = new MailboxRests();
    rests.changed(A, 'sending');
    rests.runStarted(A);
    expect(rests.rest(A, 9_000, 'queue')).toBe(true);
    rests.runEnded(A);
    expect(rests.restingAt(0)).toEqual([A]);
    // A change during an earlier run does not carry over to the next one.
    rests.runStarted(B);
    rests.changed(B, 'sending');
    rests.runEnded(B);
    rests.runStarted(B);
    expect(rests.rest(B, 9_000, 'queue')).toBe(true);
  });

  it('new settings end every rest but another worker’s hold; a hold ends when that worker’s lease runs out', () => {
    const rests = restingFor('busy');
    rests.rest(B, 1_000, 'pacing');
    rests.settingsChanged();
    expect(rests.restingAt(0)).toEqual([A]);
    rests.released(A);
    expect(rests.restingAt(0)).toEqual([]);
  });
});
