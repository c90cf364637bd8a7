// The public pages of docs/console.md §2: sign-in, register, forgot, reset and the lock screen.
export { ForgotPage, LockPage, RegisterPage, ResetPage } from './account-pages';
export { LoginPage } from './login-page';
