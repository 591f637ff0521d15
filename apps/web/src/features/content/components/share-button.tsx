import { Button } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { notify } from '~/lib/notify';

const texts = { share: 'شارك الدليل', copied: 'تم نسخ رابط الصفحة', failed: 'تعذر نسخ الرابط. انسخه من شريط العنوان.' };

/**
 * Web Share where the browser has it; otherwise the link is copied and a toast says so. The page arrives as
 * server HTML: until React has taken the button over a click would do nothing, so it is disabled until then.
 */
export function ShareButton({ title }: { title: string }) {
  const live = useMounted();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to do.
        if ((error as DOMException).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(texts.copied);
    } catch {
      notify.error(texts.failed);
    }
  };
  return (
    <Button variant="outline" disabled={!live} onClick={() => void share()}>
      {texts.share}
    </Button>
  );
}
