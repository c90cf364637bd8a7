/**
 * /misc/blank: the frame every screen starts from: the heading and the line above are the frame; below them the page
 * puts its content, here one card saying how a new gallery page is added.
 */
import { Code, List, Text } from '@mantine/core';

import { DemoCard } from './demo-card';

export function BlankPage() {
  return (
    <DemoCard title="Your content goes here" note="Everything below the line above belongs to the page.">
      <Text size="sm">A screen of the console is added in three places:</Text>
      <List size="sm" spacing={4} type="ordered">
        <List.Item>
          its route in the navigation master, with its kind and component (a migration), and a permission for
          those who may open it;
        </List.Item>
        <List.Item>
          its component in <Code>src/app/screen-components.tsx</Code> (here: <Code>component-gallery</Code>);
        </List.Item>
        <List.Item>
          for the gallery, its page in <Code>features/component-gallery/gallery-pages.tsx</Code> and its line
          in <Code>gallery-routes.ts</Code>.
        </List.Item>
      </List>
    </DemoCard>
  );
}
