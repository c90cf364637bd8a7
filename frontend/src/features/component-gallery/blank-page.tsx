/**
 * /misc/blank: the frame every screen starts from: the heading and the line above are the frame; below them the page
 * puts its content, here one card saying how a new gallery page is added.
 */
import { Code, List, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';
import { RichText } from './rich-text';

export function BlankPage() {
  const { t } = useTranslation();
  return (
    <DemoCard
      title={t('Your content goes here')}
      note={t('Everything below the line above belongs to the page.')}
    >
      <Text size="sm">{t('A screen of the console is added in three places:')}</Text>
      <List size="sm" spacing={4} type="ordered">
        <List.Item>
          {t(
            'its route in the navigation master, with its kind and component (a migration), and a permission for those who may open it;',
          )}
        </List.Item>
        <List.Item>
          <RichText
            text={t('its component in {{file}} (here: {{component}});')}
            parts={{
              file: <Code>src/app/screen-components.tsx</Code>,
              component: <Code>component-gallery</Code>,
            }}
          />
        </List.Item>
        <List.Item>
          <RichText
            text={t('for the gallery, its page in {{pages}} and its line in {{routes}}.')}
            parts={{
              pages: <Code>features/component-gallery/gallery-pages.tsx</Code>,
              routes: <Code>gallery-routes.ts</Code>,
            }}
          />
        </List.Item>
      </List>
    </DemoCard>
  );
}
