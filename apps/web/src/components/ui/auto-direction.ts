/**
 * A ref for a Mantine text input whose text may be either way round (a search by name or address, a file name).
 * Mantine puts a TextInput's `dir` on the wrapper around the input, where `auto` has no text to go by and so
 * reads left to right whatever is typed; this puts `dir="auto"` on the input itself, so what is typed reads in
 * its own direction: an address left to right (long@, not @long), Arabic right to left.
 */
export function typedTextDirection(input: HTMLInputElement | null): void {
  input?.setAttribute('dir', 'auto');
}
