// The mail view (/outlook): the mail the system sent the user, in folders, read and unread.
export { OutlookScreen } from './outlook-screen';
