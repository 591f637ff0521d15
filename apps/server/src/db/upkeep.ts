import { sql } from 'drizzle-orm';
import type { BackgroundContext, BackgroundTask } from '../lib/background-task';
import { startPeriodicTask } from '../lib/periodic-task';
import { type Database, rowsOf } from './client';

/**
 * Embedded mode's autovacuum. PGlite runs PostgreSQL in single-user mode, which has no autovacuum: without
 * this, every updated row would stay behind as a dead version for good (the sending engine leaves two per
 * message) and the planner would keep the statistics of the day the database was created. Each pass applies
 * PostgreSQL's own autovacuum rules, with its default thresholds, to the table counters: a table is vacuumed
 * once its dead rows pass 50 + 20 % of its live ones (or its inserts since the last vacuum pass 1,000 + 20 %,
 * which keeps the visibility map fresh for index-only scans), and analysed once its changes since the last
 * analysis pass 50 + 10 %. A table's TOAST (its large values, such as résumés' bytes) is judged by its own
 * counters, as autovacuum judges it — deleting a few 5 MB résumés leaves few dead rows but thousands of dead
 * chunks — and is vacuumed with its table. PostgreSQL servers have the real autovacuum, so the task runs on
 * PGlite only.
 */

export interface UpkeepAction {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

interface TableActivity {
  relname: string;
  n_live_tup: number;
  n_dead_tup: number;
  n_mod_since_analyze: number;
  n_ins_since_vacuum: number;
}

/** PostgreSQL's autovacuum defaults (autovacuum_*_threshold and *_scale_factor). */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const INSERT_THRESHOLD = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

/** Which tables need a vacuum or an analysis now, by autovacuum's rules (a table may come twice: itself and its TOAST). */
export function upkeepPlan(tables: readonly TableActivity[]): UpkeepAction[] {
  const actions = new Map<string, UpkeepAction>();
  for (const t of tables) {
    const live = Number(t.n_live_tup);
    const vacuum =
      Number(t.n_dead_tup) > VACUUM_THRESHOLD + VACUUM_SCALE * live ||
      Number(t.n_ins_since_vacuum) > INSERT_THRESHOLD + INSERT_SCALE * live;
    const analyze = Number(t.n_mod_since_analyze) > ANALYZE_THRESHOLD + ANALYZE_SCALE * live;
    if (!vacuum && !analyze) continue;
    const planned = actions.get(t.relname);
    actions.set(t.relname, { table: t.relname, vacuum: vacuum || !!planned?.vacuum, analyze: analyze || !!planned?.analyze });
  }
  return [...actions.values()];
}

/** One pass: reads the table counters and vacuums or analyses what needs it. Returns what was done. */
export async function runUpkeep(db: Database): Promise<UpkeepAction[]> {
  // Single-user mode publishes a session's table counters only when asked to; the flush happens at the end
  // of this statement, so the next one reads them.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = rowsOf<TableActivity>(
    await db.execute(sql`
      select relname, n_live_tup::int, n_dead_tup::int, n_mod_since_analyze::int, n_ins_since_vacuum::int
      from pg_stat_user_tables where schemaname = 'public'
      union all
      select t.relname, s.n_live_tup::int, s.n_dead_tup::int, 0, s.n_ins_since_vacuum::int
      from pg_stat_all_tables s
      join pg_class t on t.reltoastrelid = s.relid
      join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'`),
  );
  const actions = upkeepPlan(tables);
  for (const action of actions) {
    const table = sql.identifier(action.table);
    await db.execute(action.vacuum ? sql`vacuum (analyze ${sql.raw(action.analyze ? 'true' : 'false')}) ${table}` : sql`analyze ${table}`);
  }
  return actions;
}

const INTERVAL_MS = 60_000;

/** The background task (background.ts): an upkeep pass every minute on PGlite; nothing on PostgreSQL. */
export function startDatabaseUpkeep(ctx: BackgroundContext): BackgroundTask {
  if (ctx.dbKind !== 'pglite') return { name: 'database-upkeep', stop: async () => undefined };
  return startPeriodicTask(
    'database-upkeep',
    INTERVAL_MS,
    async () => {
      const started = performance.now();
      const actions = await runUpkeep(ctx.db);
      if (actions.length > 0) ctx.log.info({ actions, ms: Math.round(performance.now() - started) }, 'database upkeep');
    },
    ctx.log,
  );
}
