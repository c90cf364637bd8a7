// The reports' screens that are not a register's list (those are drawn by the screen engine).
export { PendingReportScreen } from './pending-report-screen';
export { PredefinedReportsScreen } from './predefined-reports-screen';
export { CustomReportsScreen } from './custom-reports-screen';
