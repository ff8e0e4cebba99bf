/** The admin Dashboard (/admin/dashboard): this week's figures, each linking to its page, and the last weeks' sign-ups, paid memberships and revenue. */
export { DashboardPage } from './components/DashboardPage';
