import { useState } from 'react';
import styled from 'styled-components';
import type { Provider } from '@altmed/contracts/web';
import { theme, useSession } from '@altmed/web-kit';
import { saveProfileContent, uploadImage } from '../../../api/providerRecord';
import { ImagePicker } from '../../../components/ImagePicker';
import { ImageTexts } from '../../../lib/images';
import { Alert, Grid2 } from '../../../components/ui';
import { UploadProgress } from '../../../components/UploadProgress';
import { DraftProblem, useSectionEditor, type SaveOutcome } from '../hooks/useSectionEditor';
import { EditableSection } from './EditableSection';

const Thumbs = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  figure {
    margin: 0;
    display: grid;
    gap: 6px;
  }
  figcaption {
    color: ${theme.colors.textMuted};
    font-size: 14px;
  }
  img,
  span {
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${theme.radii.md};
    background: ${theme.colors.surfaceMuted};
  }
  span {
    display: grid;
    place-items: center;
    color: ${theme.colors.textMuted};
  }
`;

export const ImagesTexts = {
  nothingChosen: 'Choose a new headshot or gallery image first.',
  uploading: ImageTexts.uploading,
  headshotHint: ImageTexts.headshotHint,
  galleryHint: ImageTexts.galleryHint,
} as const;

interface ImagesDraft {
  headshot: File | null;
  gallery: File | null;
}

type Progress = Partial<Record<keyof ImagesDraft, number>>;

function Thumb({ caption, src }: { caption: string; src?: string }) {
  return (
    <figure>
      {src ? <img src={src} alt={caption} width={320} height={240} /> : <span>No image yet</span>}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/** Profile Images: the current headshot and gallery image; a new one of either replaces it. */
export function ImagesSection({ provider, onOutcome }: { provider: Provider; onOutcome: (outcome: SaveOutcome) => void }) {
  const { token } = useSession();
  const [progress, setProgress] = useState<Progress | null>(null);
  const upload = async (file: File | null, which: keyof ImagesDraft) =>
    file ? uploadImage(file, token, (fraction) => setProgress((current) => ({ ...current, [which]: fraction }))) : undefined;

  const editor = useSectionEditor<ImagesDraft>(provider, {
    draftOf: () => ({ headshot: null, gallery: null }),
    save: async ({ headshot, gallery }) => {
      if (!headshot && !gallery) throw new DraftProblem(ImagesTexts.nothingChosen);
      setProgress({ ...(headshot ? { headshot: 0 } : {}), ...(gallery ? { gallery: 0 } : {}) });
      try {
        const [headshotUrl, galleryUrl] = await Promise.all([upload(headshot, 'headshot'), upload(gallery, 'gallery')]);
        return await saveProfileContent(provider._id, token, { ...(headshotUrl ? { headshotUrl } : {}), ...(galleryUrl ? { galleryUrl } : {}) });
      } finally {
        setProgress(null);
      }
    },
    onOutcome,
  });

  return (
    <>
      {progress ? (
        <UploadProgress
          message={ImagesTexts.uploading}
          files={[
            ...(progress.headshot === undefined ? [] : [{ label: 'Headshot', fraction: progress.headshot }]),
            ...(progress.gallery === undefined ? [] : [{ label: 'Gallery image', fraction: progress.gallery }]),
          ]}
        />
      ) : null}
      <EditableSection
        title="Profile Images"
        editing={editor.editing}
        saving={editor.saving}
        onEdit={editor.edit}
        onCancel={editor.cancel}
        onSave={editor.save}
        view={
          <Thumbs>
            <Thumb caption="Headshot" src={provider.headshotThumbnailUrl ?? provider.headshotUrl} />
            <Thumb caption="Gallery image" src={provider.galleryThumbnailUrl ?? provider.galleryUrl} />
          </Thumbs>
        }
        form={
          editor.draft ? (
            <>
              {editor.problem ? <Alert>{editor.problem}</Alert> : null}
              <Grid2>
                <ImagePicker
                  label="New Headshot"
                  hint={ImagesTexts.headshotHint}
                  file={editor.draft.headshot}
                  onPick={(file) => editor.draft && editor.setDraft({ ...editor.draft, headshot: file })}
                />
                <ImagePicker
                  label="New Gallery Image"
                  hint={ImagesTexts.galleryHint}
                  file={editor.draft.gallery}
                  onPick={(file) => editor.draft && editor.setDraft({ ...editor.draft, gallery: file })}
                />
              </Grid2>
            </>
          ) : null
        }
      />
    </>
  );
}
