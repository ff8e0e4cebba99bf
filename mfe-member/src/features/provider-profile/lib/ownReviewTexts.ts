import { REVIEW_TEXT_MAX_LENGTH, REVIEW_TEXT_MIN_LENGTH } from '@altmed/contracts/web';

const thousands = (count: number) => count.toLocaleString('en-US');

/** The texts of the member's own review (loaded with it, not with the profile). */
export const OwnReviewTexts = {
  sectionTitle: 'Your Review',
  intro: 'Share your experience with other members. Reviews are published once an admin has checked them.',
  writeReview: 'Write a review',
  writeTitle: 'Write a review',
  editTitle: 'Edit your review',
  satisfaction: 'Satisfaction',
  efficacy: 'Efficacy',
  text: 'Your review',
  textHint: (length: number) =>
    `${thousands(REVIEW_TEXT_MIN_LENGTH)} to ${thousands(REVIEW_TEXT_MAX_LENGTH)} characters (${thousands(length)} written). Plain text only.`,
  choose: 'Choose a rating',
  chooseRating: 'Please choose a rating from 1 to 5',
  stars: (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`,
  submit: 'Submit review',
  saveChanges: 'Save changes',
  sending: 'Saving...',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  confirmDelete: 'Delete your review? This cannot be undone.',
  yesDelete: 'Yes, delete it',
  keep: 'Keep it',
  loading: 'Loading your review...',
  saveFailed: 'Failed to save your review. Please try again.',
  deleteFailed: 'Failed to delete your review. Please try again.',
  loadFailed: 'Failed to load your review. Please try again.',
  tryAgain: 'Try Again',
  submitted: 'Thank you! Your review will appear on the profile once an admin has approved it.',
  deleted: 'Your review has been deleted.',
  state: {
    pending: 'Awaiting moderation',
    approved: 'Published',
    rejected: 'Not published',
  },
  stateNote: {
    pending: 'An admin will check your review before it appears on the profile.',
    approved: 'Your review is shown on the profile. Editing it sends it back to moderation.',
    rejected: 'An admin did not publish this review. You can edit it and submit it again.',
  },
} as const;
