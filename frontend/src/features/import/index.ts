// The importer's public entry: an import screen of the menu (a registry preset), and the window a register's
// Import button opens.
export { ImportModal, type ImportModalProps } from './import-modal';
export { ImportScreen, type ImportScreenProps } from './import-screen';
