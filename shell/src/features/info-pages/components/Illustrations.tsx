import { theme } from '@altmed/web-kit';

const { primary, primaryDark, primarySoft, accentBright, accentSoft, surface } = theme.colors;

/** A provider's file being checked: licence, certificate and the approval mark. Drawn for the site. */
export function VettingIllustration() {
  return (
    <svg viewBox="0 0 360 260" width="100%" role="img" aria-labelledby="vetting-art-title">
      <title id="vetting-art-title">A provider file with a licence and a certificate, checked and approved</title>
      <circle cx="270" cy="70" r="60" fill={accentSoft} />
      <circle cx="60" cy="210" r="44" fill={primarySoft} />
      <rect x="70" y="36" width="190" height="200" rx="16" fill={surface} stroke={primary} strokeWidth="3" />
      <rect x="92" y="60" width="64" height="64" rx="32" fill={primarySoft} />
      <circle cx="124" cy="84" r="14" fill={primary} />
      <path d="M100 118 C106 100 142 100 148 118" fill={primary} />
      <rect x="168" y="66" width="70" height="10" rx="5" fill={primaryDark} />
      <rect x="168" y="86" width="52" height="8" rx="4" fill={primarySoft} />
      <rect x="168" y="102" width="60" height="8" rx="4" fill={primarySoft} />
      <g stroke={primarySoft} strokeWidth="8" strokeLinecap="round">
        <path d="M96 150 H236" />
        <path d="M96 172 H210" />
        <path d="M96 194 H224" />
      </g>
      <g fill="none" stroke={primary} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
        <path d="M226 142 l6 6 l12 -14" />
        <path d="M200 164 l6 6 l12 -14" />
        <path d="M214 186 l6 6 l12 -14" />
      </g>
      <circle cx="262" cy="200" r="34" fill={accentBright} />
      <path d="M246 200 l11 11 l21 -24" fill="none" stroke={surface} strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A member and a provider meeting, with a leaf between them. */
export function ConnectIllustration() {
  return (
    <svg viewBox="0 0 360 260" width="100%" role="img" aria-labelledby="connect-art-title">
      <title id="connect-art-title">A member and a provider talking, a leaf between them</title>
      <rect x="10" y="30" width="340" height="210" rx="28" fill={primarySoft} />
      <circle cx="110" cy="110" r="34" fill={primary} />
      <path d="M56 220 C60 168 160 168 164 220 Z" fill={primary} />
      <circle cx="250" cy="110" r="34" fill={accentBright} />
      <path d="M196 220 C200 168 300 168 304 220 Z" fill={accentBright} />
      <rect x="142" y="44" width="76" height="44" rx="14" fill={surface} />
      <path d="M170 88 l10 14 l6 -14 z" fill={surface} />
      <path d="M180 80 C162 74 160 56 168 50 C184 56 188 70 180 80 Z" fill={primary} />
      <path d="M180 80 C196 72 198 58 192 52" fill="none" stroke={primaryDark} strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** An envelope with a heart: getting in touch. */
export function ContactIllustration() {
  return (
    <svg viewBox="0 0 360 240" width="100%" role="img" aria-labelledby="contact-art-title">
      <title id="contact-art-title">An envelope with a heart on its letter</title>
      <circle cx="290" cy="60" r="46" fill={accentSoft} />
      <rect x="60" y="70" width="240" height="150" rx="16" fill={surface} stroke={primary} strokeWidth="3" />
      <rect x="96" y="34" width="168" height="120" rx="10" fill={primarySoft} />
      <path d="M180 118 C160 102 150 88 162 78 C170 72 178 76 180 84 C182 76 190 72 198 78 C210 88 200 102 180 118 Z" fill={accentBright} />
      <path d="M60 86 L180 168 L300 86" fill="none" stroke={primary} strokeWidth="3" strokeLinejoin="round" />
      <path d="M60 220 L150 148 M300 220 L210 148" stroke={primary} strokeWidth="3" />
    </svg>
  );
}

/** A shield with a lock: privacy and terms. */
export function ShieldIllustration() {
  return (
    <svg viewBox="0 0 360 240" width="100%" role="img" aria-labelledby="shield-art-title">
      <title id="shield-art-title">A shield with a padlock</title>
      <circle cx="90" cy="70" r="40" fill={accentSoft} />
      <circle cx="280" cy="180" r="44" fill={primarySoft} />
      <path d="M180 24 L262 54 V118 C262 170 226 204 180 220 C134 204 98 170 98 118 V54 Z" fill={surface} stroke={primary} strokeWidth="4" />
      <rect x="148" y="110" width="64" height="52" rx="8" fill={primary} />
      <path d="M160 110 V94 C160 70 200 70 200 94 V110" fill="none" stroke={primary} strokeWidth="8" />
      <circle cx="180" cy="132" r="7" fill={accentBright} />
      <rect x="177" y="134" width="6" height="14" rx="3" fill={accentBright} />
    </svg>
  );
}
