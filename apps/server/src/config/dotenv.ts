import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv as parseDotEnv } from 'node:util';

/**
 * Reads `.env` (from the folder the process starts in) into `target` when the file exists. A variable already
 * set in the real environment wins over the file, even when set to an empty value: the file holds a machine's
 * defaults, the environment what a service manager or an operator's shell asked for this time.
 * Returns the names taken from the file.
 */
export function loadDotEnv(path = resolve('.env'), target: NodeJS.ProcessEnv = process.env): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const taken: string[] = [];
  for (const [name, value] of Object.entries(parseDotEnv(text))) {
    if (value === undefined || Object.hasOwn(target, name)) continue;
    target[name] = value;
    taken.push(name);
  }
  return taken;
}
