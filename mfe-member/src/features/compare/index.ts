/** Compare (/compare): the providers a member picked, side by side. */
export { default as ComparePage } from './components/ComparePage';
