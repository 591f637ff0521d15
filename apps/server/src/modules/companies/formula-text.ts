/**
 * The text a spreadsheet formula shows, when the formula only composes text: quoted text ("…", with "" for a
 * quote), numbers, `&`, CONCATENATE/CONCAT, and HYPERLINK (its shown text, else its address). Null for any
 * other formula — one that reads cells, calls other functions or cannot be parsed.
 *
 * Why not the result the file saved: LibreOffice's .xls keeps no text result for a formula it has not
 * recalculated (the parser reads 0), while its .xlsx keeps one, so the same sheet would import as "click" from
 * one format and "0" from the other. Working the text out from the formula gives both formats one answer, and
 * a formula that computes is never taken on a cached value that one of them lacks (spreadsheet.ts leaves that
 * cell empty, and the import lists it).
 */
export function formulaText(formula: string): string | null {
  const parser = new FormulaParser(formula.replace(/^=/, ''));
  const value = parser.expression();
  return value !== null && parser.atEnd() ? value : null;
}

/** Text functions read from the formula; `_xlfn.` is how .xlsx files prefix the newer CONCAT. */
const FUNCTIONS: Record<string, (args: string[]) => string | null> = {
  CONCATENATE: (args) => args.join(''),
  CONCAT: (args) => args.join(''),
  HYPERLINK: (args) => (args.length === 1 || args.length === 2 ? (args[1] ?? args[0] ?? null) : null),
};

class FormulaParser {
  private at = 0;
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    this.skipSpaces();
    return this.at === this.text.length;
  }

  /** term ('&' term)* */
  expression(): string | null {
    let value = this.term();
    while (value !== null && this.take('&')) {
      const next = this.term();
      value = next === null ? null : value + next;
    }
    return value;
  }

  /** "quoted" | number | NAME '(' [expression (',' expression)*] ')' */
  private term(): string | null {
    this.skipSpaces();
    if (this.text[this.at] === '"') return this.quoted();
    const number = /^\d+(?:\.\d+)?/.exec(this.text.slice(this.at));
    if (number) {
      this.at += number[0].length;
      return number[0];
    }
    const name = /^(?:_xlfn\.)?([A-Za-z]+)\s*\(/.exec(this.text.slice(this.at));
    const fn = name?.[1] ? FUNCTIONS[name[1].toUpperCase()] : undefined;
    if (!name || !fn) return null;
    this.at += name[0].length;
    const args: string[] = [];
    if (!this.take(')')) {
      do {
        const arg = this.expression();
        if (arg === null) return null;
        args.push(arg);
      } while (this.take(','));
      if (!this.take(')')) return null;
    }
    return fn(args);
  }

  private quoted(): string | null {
    let value = '';
    for (let i = this.at + 1; i < this.text.length; i++) {
      if (this.text[i] !== '"') {
        value += this.text[i];
      } else if (this.text[i + 1] === '"') {
        value += '"';
        i++;
      } else {
        this.at = i + 1;
        return value;
      }
    }
    return null;
  }

  private take(token: string): boolean {
    this.skipSpaces();
    if (this.text[this.at] !== token) return false;
    this.at++;
    return true;
  }

  private skipSpaces() {
    while (this.text[this.at] === ' ') this.at++;
  }
}
