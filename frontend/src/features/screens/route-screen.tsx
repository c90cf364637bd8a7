/** The screen of an application route: the user administration screens, or the registry's generic data screen. */
import type { RouteEntry } from '../../app/route-catalogue';
import { UserForm } from '../admin/user-form';
import { UserPermissionPage } from '../admin/user-permission-page';
import { NotBuiltPage } from '../pages/not-built-page';
import { ScreenPage } from './screen-page';

const MANAGE_USERS = '/administration/manageusers';
const USER_PERMISSION = '/administration/userpermission';

export default function RouteScreen({ entry }: { entry: RouteEntry }) {
  const notAScreen = <NotBuiltPage entry={entry} />;
  if (entry.path === USER_PERMISSION) return <UserPermissionPage />;
  if (entry.path === MANAGE_USERS) {
    return (
      <ScreenPage
        route={entry.path}
        notAScreen={notAScreen}
        renderForm={(_meta, key, close) => <UserForm key={key ?? 'new'} userId={key} onClose={close} />}
      />
    );
  }
  return <ScreenPage key={entry.path} route={entry.path} notAScreen={notAScreen} />;
}
