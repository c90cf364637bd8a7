// The shell's public entry: the console's frame around every signed-in page.
export { AppLayout, LAYOUT_KEY } from './app-layout';
