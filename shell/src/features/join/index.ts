/** The join flow (membership, contact details, payment method, card payment), and its contact form for other features. */
export { JoinDialog } from './components/JoinDialog';
export { ContactInfoForm } from './components/ContactInfoForm';
