/** The provider dashboard (/provider/profile). */
export { default as ProviderDashboardPage } from './components/ProviderDashboardPage';
