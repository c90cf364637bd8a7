/**
 * The component gallery (navigation component `component-gallery`): the template demo pages of docs/console.md §2
 * drawn as the console's own components. The page is picked by the screen's route; a route the gallery has no page
 * for shows the "not built yet" page it is given.
 */
import { Center, Loader } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';

import type { Screen } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { GalleryFrame } from './gallery-frame';
import { galleryPage } from './gallery-pages';
import { galleryRoute } from './gallery-routes';

export interface ComponentGalleryScreenProps {
  screen: Screen;
  notBuilt: ReactNode;
}

export function ComponentGalleryScreen({ screen, notBuilt }: ComponentGalleryScreenProps) {
  const { t } = useTranslation();
  const entry = galleryRoute(screen.route);
  const Page = galleryPage(screen.route);
  if (!entry || !Page) return <>{notBuilt}</>;
  return (
    <GalleryFrame title={screen.title} group={screen.group} entry={entry}>
      <Suspense
        fallback={
          <Center h={200}>
            <Loader aria-label={t('Loading the page')} />
          </Center>
        }
      >
        <Page />
      </Suspense>
    </GalleryFrame>
  );
}
