/** The CV guide's share button, in React (share-button.tsx) and on the static page (src/static-page). */
export const shareTexts = {
  share: 'شارك الدليل',
  copied: 'تم نسخ رابط الصفحة',
  failed: 'تعذر نسخ الرابط. انسخه من شريط العنوان.',
};

/** Web Share where the browser has it; otherwise the link is copied. What to tell the person, if anything. */
export async function sharePage(title: string): Promise<'copied' | 'failed' | null> {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return null;
    } catch (error) {
      // The person closed the share sheet: nothing to do.
      if ((error as DOMException).name === 'AbortError') return null;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
