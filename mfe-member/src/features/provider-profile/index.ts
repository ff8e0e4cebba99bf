/** A provider's public profile (/provider-profile/:providerId), with its reviews and Save. */
export { default as ProviderProfilePage } from './components/ProviderProfilePage';
