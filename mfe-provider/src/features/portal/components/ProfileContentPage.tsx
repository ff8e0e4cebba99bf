import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { IMAGE_EXTENSIONS, PRACTICE_DESCRIPTION_MAX_LENGTH } from '@altmed/contracts/web';
import { Button, PageContainer, PageTitle, Spinner, TextAreaField, theme } from '@altmed/web-kit';
import { Alert, FormActions, FormCard, Grid2, Stack, StepIndicator } from '../../../components/ui';
import { saveProfileContent, sendSignupNotifications, uploadFile } from '../api/portal';
import { clearStoredProviderId, useRequiredProviderId } from '../hooks/useStoredProviderId';

const Upload = styled.label<{ $invalid: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 20px;
  border: 2px dashed ${(p) => (p.$invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceMuted};
  cursor: pointer;
  strong {
    font-size: 15px;
  }
  span {
    font-size: 13px;
    color: ${theme.colors.textMuted};
  }
  input {
    margin-top: 6px;
    font-size: 14px;
  }
  &:hover {
    border-color: ${theme.colors.primary};
  }
`;

const FieldError = styled.p`
  color: ${theme.colors.danger};
  font-size: 13px;
`;

const Counter = styled.p`
  text-align: right;
  font-size: 13px;
  color: ${theme.colors.textMuted};
`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 500;
  background: rgba(247, 245, 240, 0.94);
  display: grid;
  place-items: center;
`;

export const ProfileContentTexts = {
  onlyImages: 'Only JPG/PNG image files are allowed for this field.',
  bothImages: 'Please upload both headshot and gallery images before continuing.',
  description: 'Please provide a practice description before continuing.',
  uploading: 'Uploading your files, please wait...',
  success: 'Profile content uploaded successfully!',
} as const;

function isAllowedImage(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}

/** Provider sign-up step 3 (SPEC §2, §5): headshot, gallery image and practice description. */
export default function ProfileContentPage() {
  const navigate = useNavigate();
  const providerId = useRequiredProviderId();
  const [headshot, setHeadshot] = useState<File | null>(null);
  const [gallery, setGallery] = useState<File | null>(null);
  const [fileErrors, setFileErrors] = useState<{ headshot?: string; gallery?: string }>({});
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const pick = (which: 'headshot' | 'gallery') => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && !isAllowedImage(file)) {
      event.target.value = '';
      setFileErrors((e) => ({ ...e, [which]: ProfileContentTexts.onlyImages }));
      (which === 'headshot' ? setHeadshot : setGallery)(null);
      return;
    }
    setFileErrors((e) => ({ ...e, [which]: undefined }));
    (which === 'headshot' ? setHeadshot : setGallery)(file);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!headshot || !gallery) return setError(ProfileContentTexts.bothImages);
    if (!description.trim()) return setError(ProfileContentTexts.description);
    if (!providerId) return navigate('/provider-portal');
    setError(null);
    setUploading(true);
    try {
      const [headshotUrl, galleryUrl] = await Promise.all([uploadFile(headshot), uploadFile(gallery)]);
      const provider = await saveProfileContent(providerId, { headshotUrl, galleryUrl, practiceDescription: description.trim() });
      await sendSignupNotifications(provider);
      clearStoredProviderId();
      void navigate('/completion');
    } catch (err) {
      setError(`Upload failed: ${err instanceof Error ? err.message : 'Unknown error'}. Please try again.`);
    } finally {
      setUploading(false);
    }
  };

  if (!providerId) return null;

  return (
    <PageContainer $narrow>
      {uploading ? (
        <Overlay>
          <Spinner label={ProfileContentTexts.uploading} size={48} />
        </Overlay>
      ) : null}
      <PageTitle subtitle="Photos and a short description complete your public profile.">Profile Content</PageTitle>
      <StepIndicator current={3} />
      <FormCard>
        {error ? <Alert>{error}</Alert> : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Profile content">
          <Stack $gap={22}>
            <Grid2>
              <div>
                <Upload $invalid={Boolean(fileErrors.headshot)}>
                  <strong>Upload Headshot</strong>
                  <span>Recommended 400x400 pixels (1:1). JPG or PNG.</span>
                  <input type="file" accept=".jpg,.jpeg,.png,image/jpeg,image/png" onChange={pick('headshot')} />
                </Upload>
                {fileErrors.headshot ? <FieldError role="alert">{fileErrors.headshot}</FieldError> : null}
              </div>
              <div>
                <Upload $invalid={Boolean(fileErrors.gallery)}>
                  <strong>Upload Gallery Image</strong>
                  <span>Recommended 700x525 pixels (4:3). JPG or PNG.</span>
                  <input type="file" accept=".jpg,.jpeg,.png,image/jpeg,image/png" onChange={pick('gallery')} />
                </Upload>
                {fileErrors.gallery ? <FieldError role="alert">{fileErrors.gallery}</FieldError> : null}
              </div>
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
            <Button type="submit" size="lg" disabled={uploading}>
              Continue
            </Button>
          </FormActions>
        </form>
      </FormCard>
    </PageContainer>
  );
}
