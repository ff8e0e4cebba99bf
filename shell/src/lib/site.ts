export const SITE_NAME = 'AltMed Connect';
export const SITE_TAGLINE = 'Connecting members with vetted alternative-medicine providers, scientists, practitioners and advisors.';
