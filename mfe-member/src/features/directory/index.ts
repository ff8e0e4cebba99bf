/** The members' directory (/providers). */
export { default as DirectoryPage } from './components/DirectoryPage';
