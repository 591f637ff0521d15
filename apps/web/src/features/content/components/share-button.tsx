import { Button } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { notify } from '~/lib/notify';
import { sharePage, shareTexts } from './share-texts';

/**
 * Web Share where the browser has it; otherwise the link is copied and a toast says so. The page arrives as
 * server HTML: until a script has taken the button over (React here, or the static pages' script, which finds
 * it by `data-island="share"`) a click would do nothing, so it is disabled until then.
 */
export function ShareButton({ title }: { title: string }) {
  const live = useMounted();
  const share = async () => {
    const outcome = await sharePage(title);
    if (outcome === 'copied') notify.success(shareTexts.copied);
    else if (outcome === 'failed') notify.error(shareTexts.failed);
  };
  return (
    <Button variant="outline" disabled={!live} onClick={() => void share()} data-island="share" data-share-title={title}>
      {shareTexts.share}
    </Button>
  );
}
