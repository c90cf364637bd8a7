// The dashboards' public entry: a dashboard screen drawn from `GET /api/dashboard` (docs/console.md, "Dashboards").
export { DashboardScreen, DashboardView } from './dashboard-screen';
