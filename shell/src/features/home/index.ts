/** The home page (/). */
export { HomePage } from './components/HomePage';
