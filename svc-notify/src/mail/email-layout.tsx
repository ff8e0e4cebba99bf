import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

const colors = { text: '#1f2a37', muted: '#4b5563', brand: '#2f5d50', line: '#e5e7eb', page: '#f4f6f5' };
const font = 'Helvetica, Arial, sans-serif';

export interface EmailLayoutProps {
  /** The line mail clients show beside the subject. */
  preview: string;
  heading: string;
  siteUrl: string;
  /** Why this address gets the email, for one sent to someone without an account; by default, their account at the site. */
  reason?: ReactNode;
  children: ReactNode;
}

/** The frame every email shares: brand line, heading, content, and a footer naming the site. */
export function EmailLayout({ preview, heading, siteUrl, reason, children }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.page, fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '560px', padding: '32px 28px', borderRadius: '8px' }}>
          <Text style={{ color: colors.brand, fontSize: '14px', fontWeight: 700, letterSpacing: '0.04em', margin: '0 0 16px' }}>ALTMED MEMBERSHIP</Text>
          <Heading as="h1" style={{ color: colors.text, fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: colors.line, margin: '28px 0 16px' }} />
          <Text style={{ color: colors.muted, fontSize: '12px', lineHeight: '18px', margin: 0 }}>
            {reason ?? (
              <>
                You receive this email because of your account at <Link href={siteUrl}>{siteUrl}</Link>.
              </>
            )}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ color: colors.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' }}>{children}</Text>;
}

export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button
        href={href}
        style={{ backgroundColor: colors.brand, color: '#ffffff', borderRadius: '6px', fontSize: '16px', fontWeight: 600, padding: '12px 20px' }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** Label/value lines, e.g. a receipt. */
export function DetailList({ rows }: { rows: ReadonlyArray<readonly [label: string, value: string]> }) {
  return (
    <Section style={{ border: `1px solid ${colors.line}`, borderRadius: '6px', padding: '12px 16px', margin: '0 0 16px' }}>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ color: colors.text, fontSize: '15px', lineHeight: '22px', margin: '4px 0' }}>
          <span style={{ color: colors.muted }}>{label}: </span>
          {value}
        </Text>
      ))}
    </Section>
  );
}
