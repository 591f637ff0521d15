import { formatNumber, RESUME_MAX_BYTES } from '@sira/shared';
import { sendingText } from '@sira/shared/messages/sending';

/**
 * The checks the page makes before uploading, so a wrong file is refused at once (spec §5). The server
 * checks again by content (%PDF-) and size: this only saves the user a pointless upload.
 */
export function resumeFileProblem(file: { name: string; type: string; size: number }): string | null {
  const looksPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!looksPdf) return sendingText.pdfOnly;
  if (file.size > RESUME_MAX_BYTES) return sendingText.resumeTooLarge;
  return null;
}

/** "1.2 ميغابايت" / "340 كيلوبايت", for showing the chosen file. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024), 1)} ميغابايت`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} كيلوبايت`;
}
