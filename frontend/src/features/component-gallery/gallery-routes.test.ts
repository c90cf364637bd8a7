import { describe, expect, it } from 'vitest';

import { GALLERY_ROUTES, galleryRoute } from './gallery-routes';

/** The template demo pages of docs/console.md §2 with navigation component `component-gallery` (V48). */
const TEMPLATE_ROUTES = [
  ...['gallery', 'projects', 'blog', 'profile', 'timeline', 'forum-general', 'forum-topic', 'forum-post'].map(
    (page) => `/views/${page}`,
  ),
  ...['orders', 'products-view', 'products-detail'].map((page) => `/e-commerce/${page}`),
  ...[
    'elements',
    'layouts',
    'form-validation',
    'bootstrap-form-elements',
    'bootstrap-validation',
    'plugins',
    'wizards',
    'dropzone',
    'bootstrap-editors',
    'image-editor',
  ].map((page) => `/forms/${page}`),
  ...['flot', 'chartjs', 'morris', 'sparklines', 'easy-pie-charts', 'dygraphs', 'highchart-table'].map(
    (page) => `/graphs/${page}`,
  ),
  '/maps',
  ...['blank', 'pricing-tables', 'invoice', 'ck-editor', 'search', 'email-template'].map(
    (page) => `/misc/${page}`,
  ),
  '/smartadmin/app-layouts',
  '/smartadmin/skins',
  '/tables/datatables',
  '/tables/normal-tables',
  ...[
    'general',
    'tree-views',
    'nestable-lists',
    'jquery-ui',
    'font-awesome',
    'flags',
    'glyphicons',
    'typography',
    'grid',
    'buttons',
  ].map((page) => `/ui/${page}`),
  '/widgets',
];

describe('the gallery’s routes', () => {
  it('has a page for each of the 50 template demo pages, and no other', () => {
    expect(TEMPLATE_ROUTES).toHaveLength(50);
    expect(Object.keys(GALLERY_ROUTES).sort()).toEqual([...TEMPLATE_ROUTES].sort());
  });

  it('says on each page what it shows, and where the template named a library, what stands in for it', () => {
    for (const route of TEMPLATE_ROUTES) {
      const entry = galleryRoute(route);
      expect(entry?.what.length, route).toBeGreaterThan(20);
    }
    for (const route of [
      '/graphs/flot',
      '/graphs/morris',
      '/misc/ck-editor',
      '/ui/jquery-ui',
      '/forms/dropzone',
    ]) {
      expect(galleryRoute(route)?.instead, route).toMatch(/not used here|not used/);
    }
    expect(galleryRoute('/ui/glyphicons')?.instead).toContain('@tabler/icons-react');
  });

  it('has no page for the error pages or an unknown route', () => {
    expect(galleryRoute('/misc/404')).toBeUndefined();
    expect(galleryRoute('/views/nothing')).toBeUndefined();
    expect(galleryRoute('toString')).toBeUndefined();
  });
});
