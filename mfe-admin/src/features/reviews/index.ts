/** Review moderation (/admin/reviews). */
export { ReviewsPage } from './components/ReviewsPage';
