import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP written as its parts arrive (fflate's streaming writer): a CSV is compressed page by page, so the
 * whole text of 10,000 deliveries is never held as one string. Names are stored as UTF-8 (fflate sets the
 * language-encoding flag for non-ASCII names), so Arabic file names read right in Windows and macOS.
 */
export class ExportArchive {
  private readonly chunks: Uint8Array[] = [];
  private readonly zip: Zip;
  private failure: Error | null = null;
  private readonly encoder = new TextEncoder();

  constructor() {
    this.zip = new Zip((error, data) => {
      if (error) this.failure = error;
      else this.chunks.push(data);
    });
  }

  /** A text file whose content comes in several pushes; call `end()` on the returned writer. */
  textFile(name: string): { write(text: string): void; end(): void } {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = new Date();
    this.zip.add(entry);
    return {
      write: (text) => entry.push(this.encoder.encode(text), false),
      end: () => entry.push(new Uint8Array(0), true),
    };
  }

  /** A file stored as it is (a PDF is already compressed). */
  binaryFile(name: string, bytes: Uint8Array): void {
    const entry = new ZipPassThrough(name);
    entry.mtime = new Date();
    this.zip.add(entry);
    entry.push(bytes, true);
  }

  finish(): Buffer {
    this.zip.end();
    if (this.failure) throw this.failure;
    return Buffer.concat(this.chunks);
  }
}
