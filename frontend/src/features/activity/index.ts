// The activity wall: what has happened lately in the registers the reader reads.
export { ActivityWallScreen } from './activity-wall-screen';
