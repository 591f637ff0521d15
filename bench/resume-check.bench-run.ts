import { it } from 'vitest';
import { checkResume } from '../apps/server/src/modules/sending/resume-check';
import { makePdf, resumeFixture } from '../apps/server/test-support/pdf';
import { sized } from './bench-size';
import { median } from './sending-fixtures';

// The upload's résumé check (pages, text, e-mail, phone, name) on files up to the 5 MB limit: how long it takes
// and how long it holds the event loop, which every other request on the process waits behind.
const RUNS = sized(7, 1);
const MB5 = 5 * 1024 * 1024;
const applicant = { fullName: 'سارة أحمد', fullNameEn: 'Sara Ahmed' };
const cv = ['Curriculum Vitae - Sara Ahmed, accountant', 'Riyadh, Saudi Arabia', 'sara.ahmed@example.com', '055 123 4567'];

it('résumé check', async () => {
  const files: Array<[string, Buffer]> = [
    ['Arabic CV printed by Chromium (40 KB)', resumeFixture('arabic-text.pdf')],
    ['scanned page (17 KB)', resumeFixture('scanned-image.pdf')],
    ['1 page + 5 MB of embedded data', makePdf(cv, MB5)],
    ['300 pages, 5 MB', makePdf(cv, MB5, 300)],
  ];
  const coldStarted = performance.now();
  await checkResume(files[0]?.[1] as Buffer, 'cv.pdf', applicant);
  const cold = performance.now() - coldStarted;
  const rows: Array<Record<string, string | number>> = [];
  for (const [name, bytes] of files) {
    const times: number[] = [];
    // A 1 ms ticker: the longest gap between its ticks is the longest time another request would have waited.
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 1);
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await checkResume(bytes, 'scan0001.pdf', applicant);
      times.push(performance.now() - started);
    }
    // One more tick, so a block at the very end is counted too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    clearInterval(ticker);
    rows.push({
      file: name,
      bytes: bytes.length,
      runs: RUNS,
      'median ms': Math.round(median(times)),
      'max ms': Math.round(Math.max(...times)),
      'longest event-loop block ms': Math.round(longestGap),
    });
  }
  console.log(`first check after start (loads the PDF reader): ${Math.round(cold)} ms`);
  console.table(rows);
});
