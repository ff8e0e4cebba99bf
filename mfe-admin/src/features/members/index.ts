/** Users Management (the admin area's /admin/users): the member list and each member's page. */
export { MembersPage } from './components/MembersPage';
export { MemberPage } from './components/MemberPage';
