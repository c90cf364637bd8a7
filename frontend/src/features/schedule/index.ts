// The programme schedule's public entry: the P6 import screen and the timeline.
export { P6ImportScreen } from './p6-import-screen';
export { TimelineScreen } from './timeline-screen';
