// The shell's public entry: the console's frame around every signed-in page.
export { AppLayout, LAYOUT_KEY } from './app-layout';
// What the pending list report shows of a waiting document, as the header's pending list shows it.
export { DueDate } from './pending-list';
export { waitingText } from './pending-text';
