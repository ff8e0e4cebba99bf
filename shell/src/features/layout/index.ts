/** The header and footer around every page. */
export { Header } from './components/Header';
export { Footer } from './components/Footer';
