/** The member's own page, My Membership (/account). */
export { AccountPage } from './components/AccountPage';
