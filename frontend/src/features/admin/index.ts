// User administration's public entry: the Manage users and User permission screens.
export { ManageUsersScreen } from './manage-users-screen';
export { UserPermissionPage } from './user-permission-page';
