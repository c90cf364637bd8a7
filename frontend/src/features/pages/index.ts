// Pages of the console that are not data screens: the "not built yet" page, the access overlay and
// the error pages.
export { AccessGate, ACCESS_DISABLED } from './access-gate';
export { NotFoundPage, ServerErrorPage } from './error-pages';
export { NotBuiltPage, type NotBuiltScreen } from './not-built-page';
