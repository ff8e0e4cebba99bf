/** The information pages: How it works, About, FAQ, Contact, Privacy and Terms. */
export { InfoPage } from './components/InfoPage';
