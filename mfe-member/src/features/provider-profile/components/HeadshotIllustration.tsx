import { theme } from '@altmed/web-kit';

/** Shown in place of a headshot the provider has not uploaded: a portrait silhouette in the brand colours. */
export function HeadshotIllustration({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 400 400" width="400" height="400" role="img" aria-label={label} preserveAspectRatio="xMidYMid slice">
      <rect width="400" height="400" fill={theme.colors.primarySoft} />
      <circle cx="330" cy="70" r="120" fill={theme.colors.accentSoft} />
      <circle cx="30" cy="390" r="70" fill={theme.colors.accentBright} opacity="0.25" />
      <circle cx="200" cy="160" r="72" fill={theme.colors.primary} opacity="0.85" />
      <path d="M70 400c8-88 64-136 130-136s122 48 130 136z" fill={theme.colors.primary} opacity="0.85" />
    </svg>
  );
}
