import { Card, Grid, NavLink, Select, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../components/markdown';
import { GUIDE_CHAPTERS } from '../guide/chapters';

const guideRoute = getRouteApi('/app/docs/');

/** /docs: the user guide, one chapter at a time; the chapter list beside it, a picker on a phone. */
export function GuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { chapter: slug } = guideRoute.useSearch();
  const narrow = useMediaQuery('(max-width: 62em)');
  const chapter = GUIDE_CHAPTERS.find((c) => c.slug === slug) ?? GUIDE_CHAPTERS[0];
  const open = (next: string) => void navigate({ to: '/docs', search: { chapter: next } });
  if (!chapter) return null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        {narrow ? (
          <Select
            label={t('docs.guide.chapter')}
            data={GUIDE_CHAPTERS.map((c) => ({ value: c.slug, label: c.title }))}
            value={chapter.slug}
            onChange={(value) => value && open(value)}
            allowDeselect={false}
          />
        ) : (
          <Stack gap={2} component="nav" aria-label={t('docs.guide.chapters')}>
            {GUIDE_CHAPTERS.map((c) => (
              <NavLink
                key={c.slug}
                label={c.title}
                active={c.slug === chapter.slug}
                href={`/docs?chapter=${c.slug}`}
                onClick={(event) => {
                  event.preventDefault();
                  open(c.slug);
                }}
                aria-current={c.slug === chapter.slug ? 'page' : undefined}
              />
            ))}
          </Stack>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Card padding="lg" component="article" aria-label={chapter.title}>
          <Markdown>{chapter.text}</Markdown>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
