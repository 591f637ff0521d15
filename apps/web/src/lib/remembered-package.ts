/**
 * The package a logged-out visitor picked on /pricing, kept until they have signed in (spec §4). Stored in
 * sessionStorage: it belongs to this tab's visit, not to the device forever.
 */
const KEY = 'sira.chosenPackage';

export const rememberPackage = (name: string) => {
  try {
    sessionStorage.setItem(KEY, name);
  } catch {
    // Storage can be unavailable (private mode); the choice is then simply not remembered.
  }
};

export const takeRememberedPackage = (): string | null => {
  try {
    const name = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return name;
  } catch {
    return null;
  }
};
