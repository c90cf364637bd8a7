// The shell's public entry: the console's frame around every signed-in page.
export { AppLayout } from './app-layout';
