import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { PRACTICE_DESCRIPTION_MAX_LENGTH, ProviderMessages } from '@altmed/contracts/web';
import { Button, PageContainer, PageTitle, TextAreaField, theme, toast } from '@altmed/web-kit';
import { saveProfileContent, uploadImage } from '../../../api/providerRecord';
import { ImagePicker } from '../../../components/ImagePicker';
import { ImageTexts } from '../../../lib/images';
import { Alert, FormActions, FormCard, Grid2, Stack, StepIndicator } from '../../../components/ui';
import { UploadProgress } from '../../../components/UploadProgress';
import { sendSignupNotifications } from '../api/portal';
import { clearStoredProviderId } from '../../../lib/signupProgress';
import { useSignupSession } from '../hooks/useSignupSession';

const Counter = styled.p`
  text-align: right;
  font-size: 13px;
  color: ${theme.colors.textMuted};
`;

export const ProfileContentTexts = {
  bothImages: ProviderMessages.bothImagesRequired,
  description: 'Please provide a practice description before continuing.',
  uploading: ImageTexts.uploading,
  success: 'Profile content uploaded successfully!',
  headshotHint: ImageTexts.headshotHint,
  galleryHint: ImageTexts.galleryHint,
} as const;

const uploadFailed = (error: unknown) => `Upload failed: ${error instanceof Error ? error.message.replace(/\.$/, '') : 'Unknown error'}. Please try again.`;

/** Provider sign-up step 3 (SPEC §2, §5): headshot, gallery image and practice description. */
export default function ProfileContentPage() {
  const navigate = useNavigate();
  const signup = useSignupSession();
  const [headshot, setHeadshot] = useState<File | null>(null);
  const [gallery, setGallery] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ headshot: number; gallery: number } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!headshot || !gallery) return setError(ProfileContentTexts.bothImages);
    if (!description.trim()) return setError(ProfileContentTexts.description);
    if (!signup) return;
    setError(null);
    setProgress({ headshot: 0, gallery: 0 });
    try {
      const [headshotUrl, galleryUrl] = await Promise.all([
        uploadImage(headshot, signup.token, (fraction) => setProgress((p) => p && { ...p, headshot: fraction })),
        uploadImage(gallery, signup.token, (fraction) => setProgress((p) => p && { ...p, gallery: fraction })),
      ]);
      const provider = await saveProfileContent(signup.providerId, signup.token, { headshotUrl, galleryUrl, practiceDescription: description.trim() });
      await sendSignupNotifications(provider, signup.token);
      clearStoredProviderId();
      toast.success(ProfileContentTexts.success);
      void navigate('/completion');
    } catch (err) {
      setError(uploadFailed(err));
      setProgress(null);
    }
  };

  if (!signup) return null;

  return (
    <PageContainer $narrow>
      {progress ? (
        <UploadProgress
          message={ProfileContentTexts.uploading}
          files={[
            { label: 'Headshot', fraction: progress.headshot },
            { label: 'Gallery image', fraction: progress.gallery },
          ]}
        />
      ) : null}
      <PageTitle subtitle="Photos and a short description complete your public profile.">Profile Content</PageTitle>
      <StepIndicator current={3} />
      <FormCard>
        {error ? <Alert>{error}</Alert> : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Profile content">
          <Stack $gap={22}>
            <Grid2>
              <ImagePicker label="Upload Headshot" hint={ProfileContentTexts.headshotHint} file={headshot} onPick={setHeadshot} />
              <ImagePicker label="Upload Gallery Image" hint={ProfileContentTexts.galleryHint} file={gallery} onPick={setGallery} />
            </Grid2>
            <div>
              <TextAreaField
                label="Practice Description"
                maxLength={PRACTICE_DESCRIPTION_MAX_LENGTH}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="Describe your practice, your approach and what patients can expect."
                rows={7}
              />
              <Counter aria-live="polite">
                {description.length}/{PRACTICE_DESCRIPTION_MAX_LENGTH}
              </Counter>
            </div>
          </Stack>
          <FormActions>
            <Button variant="ghost" onClick={() => void navigate('/qualifications')}>
              Back
            </Button>
            <Button type="submit" size="lg" disabled={Boolean(progress)}>
              Continue
            </Button>
          </FormActions>
        </form>
      </FormCard>
    </PageContainer>
  );
}
