/** Support Center (the admin area's /admin/support): the Contact page's messages and the replies to them. */
export { SupportPage } from './components/SupportPage';
