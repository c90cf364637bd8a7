// The component gallery's public entry: the template demo pages of docs/console.md §2, drawn as the console's own
// components (one screen component, a page per route).
export { ComponentGalleryScreen, type ComponentGalleryScreenProps } from './component-gallery-screen';
