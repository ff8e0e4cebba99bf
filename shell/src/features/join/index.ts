/** What other features may use of the join feature. */
export { ContactInfoForm } from './components/ContactInfoForm';
