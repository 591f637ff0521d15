/**
 * The package a logged-out visitor picked on /pricing, kept until they have signed in (spec §4). A new visitor
 * registers first and confirms the address from the e-mail, which usually opens in another tab — so the choice
 * lives in localStorage, not in this tab's sessionStorage, and is forgotten after a day.
 */
const KEY = 'sira.chosenPackage';
const KEEP_MS = 24 * 60 * 60 * 1000;

export const rememberPackage = (name: string) => {
  try {
    localStorage.setItem(KEY, JSON.stringify({ name, at: Date.now() }));
  } catch {
    // Storage can be unavailable (private mode); the choice is then simply not remembered.
  }
};

function read(): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { name?: unknown; at?: unknown } | null;
    if (typeof stored?.name !== 'string' || typeof stored.at !== 'number') return null;
    return Date.now() - stored.at < KEEP_MS ? stored.name : null;
  } catch {
    return null;
  }
}

/** Whether a package is waiting: signing in then leads to /pricing, where its payment dialog opens. */
export const hasRememberedPackage = (): boolean => read() !== null;

/** Drops a waiting choice: on sign-out, and when a sign-in goes somewhere other than /pricing. */
export const forgetRememberedPackage = () => {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored, or storage unavailable.
  }
};

export const takeRememberedPackage = (): string | null => {
  const name = read();
  forgetRememberedPackage();
  return name;
};
