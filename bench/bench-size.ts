/**
 * Benchmarks print their figures at full size when run by hand (`npm run bench:*`, docs/benchmarks.md). `npm test`
 * also runs every one of them at a small size (`SIRA_BENCH_SMOKE=1`, scripts/test.mjs) so that none can break
 * unseen; the figures of such a run mean nothing and are not reported.
 */
export const SMOKE = process.env.SIRA_BENCH_SMOKE === '1';

/** `full` by hand, `smoke` in the small run; an explicit setting (`fromEnv`) wins over both. */
export function sized(full: number, smoke: number, fromEnv?: string): number {
  if (fromEnv !== undefined && fromEnv !== '') return Number(fromEnv);
  return SMOKE ? smoke : full;
}
