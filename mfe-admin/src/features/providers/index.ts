/** Provider management (/admin/providers): vetting, blocking and unblocking providers. */
export { ProvidersPage } from './components/ProvidersPage';
