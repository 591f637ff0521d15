import { Card, Stack, Text, Title } from '@mantine/core';
import { richTextText as t } from '@sira/shared/messages/rich-html';
import classes from './content-page.module.css';

/**
 * The page as a visitor will see it, live while it is edited: the title and the body with the public page's own
 * styles (content-page-view.tsx). The HTML comes from the editor, whose schema writes only elements and safe
 * links the server's sanitiser keeps (components/rich-text), so it renders as it will after saving.
 */
export function AdminPagePreview({ title, content }: { title: string; content: string }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.previewPage} data-testid="page-preview">
      <Stack gap="sm">
        <Text size="sm" c="gray.8">
          {t.previewPage}
        </Text>
        <Title order={3} fz="1.75rem">
          {title}
        </Title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the editor's schema writes only allowed elements */}
        <div className={classes.body} dir="rtl" dangerouslySetInnerHTML={{ __html: content }} />
      </Stack>
    </Card>
  );
}
