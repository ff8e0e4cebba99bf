import styled from 'styled-components';
import { Button, theme } from '@altmed/web-kit';
import type { PublicProvider } from '../api/providerProfile';
import { ProfileTexts } from '../lib/profileTexts';
import { loadableImageUrl } from '../lib/providerDetails';
import { HeadshotIllustration } from './HeadshotIllustration';

/** Headshot 1:1 beside the gallery 4:3 (the upload hints, SPEC §2): 3fr and 4fr give both the same height. */
const Hero = styled.div`
  display: grid;
  grid-template-columns: 3fr 4fr;
  gap: 16px;
  margin-bottom: 24px;
  ${theme.mobile} {
    gap: 8px;
    margin-bottom: 18px;
  }
`;

const Frame = styled.div<{ $ratio: string }>`
  position: relative;
  aspect-ratio: ${(p) => p.$ratio};
  border-radius: ${theme.radii.lg};
  overflow: hidden;
  background: ${theme.colors.surfaceMuted};
  ${theme.mobile} {
    border-radius: ${theme.radii.md};
  }
  > img,
  > svg {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const OfficePlaceholder = styled.div`
  height: 100%;
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 8px;
  padding: 12px;
  text-align: center;
  color: ${theme.colors.textMuted};
  background: linear-gradient(150deg, ${theme.colors.primarySoft}, ${theme.colors.surfaceMuted});
  svg {
    width: 40px;
    height: 40px;
  }
  ${theme.mobile} {
    font-size: 13px;
    svg {
      width: 28px;
      height: 28px;
    }
  }
`;

const AllPhotos = styled(Button)`
  position: absolute;
  right: 12px;
  bottom: 12px;
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.md};
  ${theme.mobile} {
    right: 6px;
    bottom: 6px;
    padding: 4px 10px;
    font-size: 12px;
  }
`;

function BuildingIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
      <path d="M4 21V5l8-3v19M12 8l8 3v10M2 21h20M7 8h2M7 12h2M7 16h2M15 14h2M15 17h2" />
    </svg>
  );
}

/** The headshot (or an illustration) and the office photo (or a placeholder), with the All Photos button, which does nothing yet (SPEC §2). */
export function ProfileHero({ provider }: { provider: PublicProvider }) {
  const name = provider.providerName ?? 'the provider';
  const headshot = loadableImageUrl(provider.headshotUrl);
  const gallery = loadableImageUrl(provider.galleryUrl);
  return (
    <Hero>
      <Frame $ratio="1 / 1">
        {headshot ? (
          <img src={headshot} width={400} height={400} alt={`Headshot of ${name}`} fetchPriority="high" />
        ) : (
          <HeadshotIllustration label={`No headshot of ${name} yet`} />
        )}
      </Frame>
      <Frame $ratio="4 / 3">
        {gallery ? (
          <img src={gallery} width={700} height={525} alt={`The office of ${provider.practiceName ?? name}`} loading="lazy" decoding="async" />
        ) : (
          <OfficePlaceholder>
            <BuildingIcon />
            <span>{ProfileTexts.officePhotoMissing}</span>
          </OfficePlaceholder>
        )}
        <AllPhotos variant="outline" size="sm">
          {ProfileTexts.allPhotos}
        </AllPhotos>
      </Frame>
    </Hero>
  );
}
