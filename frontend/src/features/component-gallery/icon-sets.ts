/**
 * The icons the icons pages show: the ones the console's screens, menus and lists actually use (@tabler/icons-react),
 * by name and by what they stand for, in two sets: actions and screens (where Font Awesome served the template) and
 * states and files (where Glyphicons did). Named one by one so only these icons are bundled.
 */
import {
  IconAlertTriangle,
  IconArrowsDiff,
  IconBell,
  IconCalendar,
  IconCalendarStats,
  IconCamera,
  IconCheck,
  IconChecklist,
  IconCircleCheck,
  IconCircleX,
  IconClipboardList,
  IconClock,
  IconCopy,
  IconCurrencyRupee,
  IconDeviceFloppy,
  IconDownload,
  IconEdit,
  IconEye,
  IconFile,
  IconFileAlert,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeCsv,
  IconFileTypePdf,
  IconFileX,
  IconFilter,
  IconFolder,
  IconFolders,
  IconHourglass,
  IconLayoutDashboard,
  IconListTree,
  IconLock,
  IconMapPin,
  IconMicrophone,
  IconPaperclip,
  IconPencil,
  IconPhoto,
  IconPlus,
  IconPrinter,
  IconRefresh,
  IconRestore,
  IconRoute,
  IconSearch,
  IconSend,
  IconTableImport,
  IconTrash,
  IconUpload,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';

export interface NamedIcon {
  name: string;
  icon: Icon;
  /** What the console uses it for (in English: translated where shown). */
  use: string;
}

export type IconSet = 'actions' | 'states';

export const ICON_SETS: Record<IconSet, readonly NamedIcon[]> = {
  actions: [
    { name: 'IconPlus', icon: IconPlus, use: 'New record' },
    { name: 'IconEdit', icon: IconEdit, use: 'Edit' },
    { name: 'IconPencil', icon: IconPencil, use: 'Rename a folder' },
    { name: 'IconDeviceFloppy', icon: IconDeviceFloppy, use: 'Save' },
    { name: 'IconTrash', icon: IconTrash, use: 'Delete' },
    { name: 'IconRestore', icon: IconRestore, use: 'Restore a deleted file' },
    { name: 'IconCopy', icon: IconCopy, use: 'Copy a record' },
    { name: 'IconSearch', icon: IconSearch, use: 'Search' },
    { name: 'IconFilter', icon: IconFilter, use: 'Filters' },
    { name: 'IconRefresh', icon: IconRefresh, use: 'Reload a list' },
    { name: 'IconDownload', icon: IconDownload, use: 'Download, export' },
    { name: 'IconUpload', icon: IconUpload, use: 'Upload files' },
    { name: 'IconTableImport', icon: IconTableImport, use: 'Import a sheet' },
    { name: 'IconPrinter', icon: IconPrinter, use: 'Print' },
    { name: 'IconSend', icon: IconSend, use: 'Send a message' },
    { name: 'IconEye', icon: IconEye, use: 'Preview a file' },
    { name: 'IconArrowsDiff', icon: IconArrowsDiff, use: 'Compare revisions' },
    { name: 'IconLayoutDashboard', icon: IconLayoutDashboard, use: 'Dashboards' },
    { name: 'IconListTree', icon: IconListTree, use: 'Menu, folders' },
    { name: 'IconCalendar', icon: IconCalendar, use: 'Open the calendar' },
    { name: 'IconCalendarStats', icon: IconCalendarStats, use: 'Timeline' },
    { name: 'IconMapPin', icon: IconMapPin, use: 'Station, chainage' },
    { name: 'IconRoute', icon: IconRoute, use: 'Corridor' },
    { name: 'IconCurrencyRupee', icon: IconCurrencyRupee, use: 'Amounts' },
    { name: 'IconBell', icon: IconBell, use: 'Reminders' },
    { name: 'IconMicrophone', icon: IconMicrophone, use: 'Voice commands' },
    { name: 'IconUserCircle', icon: IconUserCircle, use: 'User menu' },
    { name: 'IconCamera', icon: IconCamera, use: 'Take a photo (field forms)' },
  ],
  states: [
    { name: 'IconCircleCheck', icon: IconCircleCheck, use: 'Approved, completed' },
    { name: 'IconCircleX', icon: IconCircleX, use: 'Rejected' },
    { name: 'IconHourglass', icon: IconHourglass, use: 'Waiting on someone' },
    { name: 'IconClock', icon: IconClock, use: 'Due' },
    { name: 'IconAlertTriangle', icon: IconAlertTriangle, use: 'Overdue, warning' },
    { name: 'IconCheck', icon: IconCheck, use: 'Done, passed' },
    { name: 'IconChecklist', icon: IconChecklist, use: 'Inspection' },
    { name: 'IconClipboardList', icon: IconClipboardList, use: 'Pending documents' },
    { name: 'IconLock', icon: IconLock, use: 'Access disabled, locked' },
    { name: 'IconFile', icon: IconFile, use: 'A file' },
    { name: 'IconFileText', icon: IconFileText, use: 'A letter, a text' },
    { name: 'IconFileTypePdf', icon: IconFileTypePdf, use: 'A PDF' },
    { name: 'IconFileSpreadsheet', icon: IconFileSpreadsheet, use: 'A sheet' },
    { name: 'IconFileTypeCsv', icon: IconFileTypeCsv, use: 'A CSV export' },
    { name: 'IconFileAlert', icon: IconFileAlert, use: 'A refused file' },
    { name: 'IconFileX', icon: IconFileX, use: 'A deleted file' },
    { name: 'IconPhoto', icon: IconPhoto, use: 'A photo' },
    { name: 'IconPaperclip', icon: IconPaperclip, use: 'Attachments' },
    { name: 'IconFolder', icon: IconFolder, use: 'A folder' },
    { name: 'IconFolders', icon: IconFolders, use: 'Folders' },
  ],
};

/**
 * The icons of a set whose name or use holds the text (any case); `shown` gives the use as the user reads it (their
 * language), so a use is found in English or in it.
 */
export function findIcons(
  set: readonly NamedIcon[],
  text: string,
  shown: (use: string) => string = (use) => use,
): NamedIcon[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...set];
  return set.filter(
    (icon) =>
      icon.name.toLowerCase().includes(needle) ||
      icon.use.toLowerCase().includes(needle) ||
      shown(icon.use).toLowerCase().includes(needle),
  );
}
