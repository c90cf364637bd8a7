/**
 * /views/blog: the common messages of the ribbon's scrolling banner (`GET /api/custom/cmnmsg`), each as a post with a
 * title and its text, so a message that scrolls past can be read whole.
 */
import { Card, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';

import { useBannerMessages } from '../../api/console';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { postOf } from './post-text';

export function BlogPage() {
  const { t } = useTranslation();
  const banner = useBannerMessages();
  if (banner.isPending) return <Loader aria-label={t('Loading the messages')} />;
  if (banner.isError) {
    return (
      <LoadError
        title={t('The messages could not be loaded')}
        error={banner.error}
        retry={() => void banner.refetch()}
      />
    );
  }
  if (banner.data.length === 0) return <Text c="dimmed">{t('The banner has no messages today.')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {banner.data.map((message) => {
        const post = postOf(message.c_val);
        return (
          <Card key={message.id} withBorder padding="md" component="article" data-testid="blog-post">
            <Stack gap="xs">
              <ThemeIcon variant="light" radius="xl">
                <IconSpeakerphone size={16} />
              </ThemeIcon>
              <Title order={3} size="h4">
                {post.title}
              </Title>
              {post.body ? <Text style={{ overflowWrap: 'anywhere' }}>{post.body}</Text> : null}
              <Text size="xs" c="dimmed">
                {t('Message {{id}} of the ribbon’s banner', { id: message.id })}
              </Text>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
