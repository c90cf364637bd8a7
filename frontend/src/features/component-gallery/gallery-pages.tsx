/**
 * The gallery's map from route to page (every route of `gallery-routes.ts` has one: the type says so). Each page's
 * code loads with the first visit, so the charts stay out of the forms pages and the other way round; pages that
 * differ only in content share one component, given its content here.
 */
import { type ComponentType, lazy } from 'react';

import type { GalleryRouteName } from './gallery-routes';

type Page = ComponentType;

function lazyPage(load: () => Promise<Page>): Page {
  return lazy(async () => ({ default: await load() }));
}

const forum = (view: 'general' | 'topic' | 'post') =>
  lazyPage(async () => {
    const { ForumPage } = await import('./forum-page');
    return function Forum() {
      return <ForumPage view={view} />;
    };
  });

const icons = (set: 'actions' | 'states') =>
  lazyPage(async () => {
    const { IconsPage } = await import('./icons-page');
    return function Icons() {
      return <IconsPage set={set} />;
    };
  });

const PAGES: Record<GalleryRouteName, Page> = {
  '/views/gallery': lazyPage(async () => (await import('./photo-gallery-page')).PhotoGalleryPage),
  '/views/projects': lazyPage(async () => (await import('./projects-page')).ProjectsPage),
  '/views/blog': lazyPage(async () => (await import('./blog-page')).BlogPage),
  '/views/profile': lazyPage(async () => (await import('./profile-page')).ProfilePage),
  '/views/timeline': lazyPage(async () => (await import('./timeline-page')).TimelinePage),
  '/views/forum-general': forum('general'),
  '/views/forum-topic': forum('topic'),
  '/views/forum-post': forum('post'),
  '/e-commerce/orders': lazyPage(async () => (await import('./orders-page')).OrdersPage),
  '/e-commerce/products-view': lazyPage(async () => (await import('./products-page')).ProductsViewPage),
  '/e-commerce/products-detail': lazyPage(async () => (await import('./products-page')).ProductDetailPage),
  '/forms/elements': lazyPage(async () => (await import('./form-elements-page')).FormElementsPage),
  '/forms/layouts': lazyPage(async () => (await import('./form-layouts-page')).FormLayoutsPage),
  '/forms/form-validation': lazyPage(async () => (await import('./rfi-validation-page')).RfiValidationPage),
  '/forms/bootstrap-form-elements': lazyPage(
    async () => (await import('./bootstrap-elements-page')).BootstrapElementsPage,
  ),
  '/forms/bootstrap-validation': lazyPage(
    async () => (await import('./ncr-validation-page')).NcrValidationPage,
  ),
  '/forms/plugins': lazyPage(async () => (await import('./form-plugins-page')).FormPluginsPage),
  '/forms/wizards': lazyPage(async () => (await import('./wizard-page')).WizardPage),
  '/forms/dropzone': lazyPage(async () => (await import('./dropzone-page')).DropzonePage),
  '/forms/bootstrap-editors': lazyPage(async () => (await import('./editors-page')).EditorsPage),
  '/forms/image-editor': lazyPage(async () => (await import('./image-editor-page')).ImageEditorPage),
  '/graphs/flot': lazyPage(async () => (await import('./line-charts-page')).FlotPage),
  '/graphs/chartjs': lazyPage(async () => (await import('./bar-charts-page')).ChartJsPage),
  '/graphs/morris': lazyPage(async () => (await import('./bar-charts-page')).MorrisPage),
  '/graphs/sparklines': lazyPage(async () => (await import('./small-charts-page')).SparklinesPage),
  '/graphs/easy-pie-charts': lazyPage(async () => (await import('./small-charts-page')).EasyPiePage),
  '/graphs/dygraphs': lazyPage(async () => (await import('./line-charts-page')).DygraphsPage),
  '/graphs/highchart-table': lazyPage(async () => (await import('./bar-charts-page')).HighchartTablePage),
  '/maps': lazyPage(async () => (await import('./maps-page')).MapsPage),
  '/misc/blank': lazyPage(async () => (await import('./blank-page')).BlankPage),
  '/misc/pricing-tables': lazyPage(async () => (await import('./pricing-page')).PricingPage),
  '/misc/invoice': lazyPage(async () => (await import('./invoice-page')).InvoicePage),
  '/misc/ck-editor': lazyPage(async () => (await import('./letter-page')).LetterPage),
  '/misc/search': lazyPage(async () => (await import('./search-page')).SearchPage),
  '/misc/email-template': lazyPage(async () => (await import('./email-template-page')).EmailTemplatePage),
  '/smartadmin/app-layouts': lazyPage(async () => (await import('./layout-options-page')).AppLayoutsPage),
  '/smartadmin/skins': lazyPage(async () => (await import('./layout-options-page')).SkinsPage),
  '/tables/datatables': lazyPage(async () => (await import('./datatables-page')).DatatablesPage),
  '/tables/normal-tables': lazyPage(async () => (await import('./normal-tables-page')).NormalTablesPage),
  '/ui/general': lazyPage(async () => (await import('./ui-general-page')).UiGeneralPage),
  '/ui/tree-views': lazyPage(async () => (await import('./tree-page')).TreePage),
  '/ui/nestable-lists': lazyPage(async () => (await import('./nestable-page')).NestablePage),
  '/ui/jquery-ui': lazyPage(async () => (await import('./jquery-ui-page')).JqueryUiPage),
  '/ui/font-awesome': icons('actions'),
  '/ui/flags': lazyPage(async () => (await import('./flags-page')).FlagsPage),
  '/ui/glyphicons': icons('states'),
  '/ui/typography': lazyPage(async () => (await import('./typography-page')).TypographyPage),
  '/ui/grid': lazyPage(async () => (await import('./grid-page')).GridPage),
  '/ui/buttons': lazyPage(async () => (await import('./buttons-page')).ButtonsPage),
  '/widgets': lazyPage(async () => (await import('./widgets-page')).WidgetsPage),
};

/** The page drawn at `route`, or undefined when the gallery has none. */
export function galleryPage(route: string): Page | undefined {
  return Object.hasOwn(PAGES, route) ? PAGES[route as GalleryRouteName] : undefined;
}
