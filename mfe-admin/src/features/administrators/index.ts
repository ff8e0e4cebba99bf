/** Admin Settings (the admin area's /admin/settings): the administrators, inviting new ones, and the page an invitation links to. */
export { AdminSettingsPage } from './components/AdminSettingsPage';
export { AcceptInvitationPage } from './components/AcceptInvitationPage';
