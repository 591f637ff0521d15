import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { ar, type Page, paths } from '@sira/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadError } from '~/components/ui/load-error';
import { usePage } from '../api/get-page';
import classes from './content-page.module.css';
import { ShareButton } from './share-button';

const guideLinks = [
  { to: paths.jobsJeddah, label: 'وظائف جدة' },
  { to: paths.jobsRiyadh, label: 'وظائف الرياض' },
  { to: paths.register, label: 'أنشئ حسابك' },
  { to: paths.pricing, label: 'الباقات والأسعار' },
];

/**
 * A content page by slug. Its HTML was sanitised on the server (scripts, event handlers and javascript:
 * URLs removed), which is what makes rendering it as HTML safe.
 */
export function ContentPageView({ slug, prerendered }: { slug: string; prerendered?: Page | undefined }) {
  const page = usePage(slug, prerendered);
  const title = page.data?.title;
  // The route's <title> comes from the text the page was prerendered with; an admin may have renamed it since.
  useEffect(() => {
    if (title) document.title = `${title} | ${ar.app.name}`;
  }, [title]);
  if (page.isError && !page.data) {
    return (
      <Container size="md" py="xl">
        <LoadError title={ar.errors.generic} query={page} />
      </Container>
    );
  }
  if (!page.data) return null;
  const isGuide = slug === 'how-to-prepare-cv';
  return (
    <Container size="md" py="xl" component="article">
      <Stack>
        <Title order={1}>{page.data.title}</Title>
        {isGuide ? (
          <Group>
            <ShareButton title={page.data.title} />
          </Group>
        ) : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (lib/html.ts) */}
        <div className={classes.body} dangerouslySetInnerHTML={{ __html: page.data.content }} />
        {isGuide ? (
          <Group component="nav" aria-label="روابط ذات صلة">
            {guideLinks.map((l) => (
              // Outline: teal 9 on white reads at 5:1. (Mantine's light variant with a shade paints the text
              // and the background in that same shade.)
              <Button key={l.to} component={Link} to={l.to} variant="outline" color="teal.9">
                {l.label}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Container>
  );
}
