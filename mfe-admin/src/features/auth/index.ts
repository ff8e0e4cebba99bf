/** The admin login (/admin/login). */
export { AdminLoginPage } from './components/AdminLoginPage';
