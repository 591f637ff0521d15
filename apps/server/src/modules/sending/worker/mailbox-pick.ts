import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/client';
import { type ActiveMailbox, pickMailboxes } from './queue';

/**
 * Which mailboxes the scheduler starts next (sending-worker.ts): a round over the mailboxes with work in the order
 * of their key, each pass going on from the mailbox the last one started and wrapping round at the end. A pass
 * reads only the rows it can start (pickMailboxes: no mailbox is sorted, whatever their number), and a mailbox
 * that is not left out waits at most as many passes as there are mailboxes with work, divided by the runs started
 * per pass. The round begins at a random key, so that workers started together do not walk it in step.
 */
export class MailboxPick {
  constructor(private after: string = randomBytes(8).toString('hex')) {}

  /**
   * The next `count` mailboxes with work, leaving out `skip`, and whether more wait beyond them. They are taken:
   * the next pass starts after the last of them.
   */
  async next(db: Database, count: number, skip: readonly string[]): Promise<{ mailboxes: ActiveMailbox[]; othersWaiting: boolean }> {
    // One more than can start, to know whether others wait (a run then gives its slot back after its slice).
    const wanted = count + 1;
    const ahead = await pickMailboxes(db, wanted, this.after, skip);
    const found =
      ahead.length < wanted && this.after !== ''
        ? [...ahead, ...(await pickMailboxes(db, wanted - ahead.length, '', skip, this.after))]
        : ahead;
    const mailboxes = found.slice(0, count);
    const last = mailboxes.at(-1);
    if (last) this.after = last.profileId;
    return { mailboxes, othersWaiting: found.length > count };
  }
}
