import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_TEXT_MAX_LENGTH, REVIEW_TEXT_MIN_LENGTH, ReviewMessages, type OwnReview } from '@altmed/contracts/web';
import { Button, SelectField, TextAreaField, theme } from '@altmed/web-kit';
import { OwnReviewTexts } from '../lib/ownReviewTexts';

const Form = styled.form`
  display: grid;
  gap: 14px;
`;

const Ratings = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 14px;
  ${theme.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

const Problem = styled.p`
  color: ${theme.colors.danger};
`;

export interface ReviewDraft {
  satisfactionRating: number;
  efficacyRating: number;
  reviewText: string;
}

type FieldErrors = Partial<Record<keyof ReviewDraft, string>>;

const ratings = Array.from({ length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 }, (_, index) => REVIEW_RATING_MAX - index);

/** The same rules as the server's, so most mistakes are told before anything is sent. */
function check(satisfaction: string, efficacy: string, text: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!satisfaction) errors.satisfactionRating = OwnReviewTexts.chooseRating;
  if (!efficacy) errors.efficacyRating = OwnReviewTexts.chooseRating;
  const length = text.trim().length;
  if (length === 0) errors.reviewText = ReviewMessages.textRequired;
  else if (length < REVIEW_TEXT_MIN_LENGTH) errors.reviewText = ReviewMessages.textTooShort;
  else if (length > REVIEW_TEXT_MAX_LENGTH) errors.reviewText = ReviewMessages.textTooLong;
  return errors;
}

interface ReviewFormProps {
  /** The review being changed, or none for a first review. */
  initial: OwnReview | null;
  /** Sends the review; rejects with the message to show. */
  onSubmit: (draft: ReviewDraft) => Promise<void>;
  onCancel: () => void;
}

/** Two ratings from 1 to 5 and the text (20 to 2,000 characters); problems are announced as alerts. */
export function ReviewForm({ initial, onSubmit, onCancel }: ReviewFormProps) {
  const [satisfaction, setSatisfaction] = useState(initial ? String(initial.satisfactionRating) : '');
  const [efficacy, setEfficacy] = useState(initial ? String(initial.efficacyRating) : '');
  const [text, setText] = useState(initial?.reviewText ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(satisfaction, efficacy, text);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await onSubmit({ satisfactionRating: Number(satisfaction), efficacyRating: Number(efficacy), reviewText: text.trim() });
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : OwnReviewTexts.saveFailed);
      setSending(false);
    }
  };

  const ratingField = (label: string, value: string, onChange: (value: string) => void, error: string | undefined) => (
    <SelectField label={label} value={value} error={error} required onChange={(event) => onChange(event.target.value)}>
      <option value="">{OwnReviewTexts.choose}</option>
      {ratings.map((rating) => (
        <option key={rating} value={rating}>
          {OwnReviewTexts.stars(rating)}
        </option>
      ))}
    </SelectField>
  );

  return (
    <Form noValidate aria-label={initial ? OwnReviewTexts.editTitle : OwnReviewTexts.writeTitle} onSubmit={(event) => void submit(event)}>
      <Ratings>
        {ratingField(OwnReviewTexts.satisfaction, satisfaction, setSatisfaction, errors.satisfactionRating)}
        {ratingField(OwnReviewTexts.efficacy, efficacy, setEfficacy, errors.efficacyRating)}
      </Ratings>
      <TextAreaField
        label={OwnReviewTexts.text}
        value={text}
        error={errors.reviewText}
        hint={OwnReviewTexts.textHint(text.trim().length)}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
        required
        onChange={(event) => setText(event.target.value)}
      />
      {problem ? <Problem role="alert">{problem}</Problem> : null}
      <Actions>
        <Button type="submit" disabled={sending}>
          {sending ? OwnReviewTexts.sending : initial ? OwnReviewTexts.saveChanges : OwnReviewTexts.submit}
        </Button>
        <Button type="button" variant="ghost" disabled={sending} onClick={onCancel}>
          {OwnReviewTexts.cancel}
        </Button>
      </Actions>
    </Form>
  );
}
