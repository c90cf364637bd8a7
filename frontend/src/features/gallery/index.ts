// The gallery: site photos attached to the records of the registers the reader reads.
export { GalleryScreen } from './gallery-screen';
