import { Link } from 'react-router-dom';
import { ShieldIllustration } from '../components/Illustrations';
import { InfoLayout, Prose } from '../components/InfoLayout';
import { SUPPORT_EMAIL, UPDATED, monthly, price } from './shared';

export function TermsPage() {
  return (
    <InfoLayout
      eyebrow="Terms"
      title="Terms of Service"
      lead="The agreement between you and AltMed Connect when you use the site or hold a membership."
      art={<ShieldIllustration />}
    >
      <Prose>
        <p>{UPDATED}</p>
        <h2>1. The service</h2>
        <p>
          AltMed Connect is a directory and learning service. We help you find and compare vetted providers of alternative and integrative medicine. We are not
          a healthcare provider and nothing on the site is medical advice.
        </p>
        <h2>2. Membership and payment</h2>
        <p>
          The membership costs {price} for twelve months, paid in advance by card (advertised as from {monthly} per month). A promo code lowers the price as
          shown before you pay. Your membership starts when the payment is confirmed. We never renew it without asking you first.
        </p>
        <h2>3. Cancellation and refunds</h2>
        <p>
          You may cancel at any time by writing to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. If you cancel within 14 days of paying, we refund
          the full amount; after that, your membership stays active until the end of the year you paid for.
        </p>
        <h2>4. Your account</h2>
        <p>
          Keep your password to yourself and tell us if you think someone else has used your account. You must be 18 or older to hold a membership. You can
          reset a forgotten password from the login window.
        </p>
        <h2>5. Providers and your care</h2>
        <p>
          Providers are independent professionals. We check their credentials as described on <Link to="/how">How It Works</Link>, but any treatment, its price
          and its results are a matter between you and the provider. Always tell your own doctor about treatments you take.
        </p>
        <h2>6. Reviews and conduct</h2>
        <p>
          Reviews must describe your own experience, honestly. Do not misuse the site, try to reach other people&rsquo;s data, or interfere with the service.
        </p>
        <h2>7. Liability</h2>
        <p>
          We provide the service with care but cannot guarantee that it is always available or that every listing is error-free. To the extent the law allows,
          our liability is limited to the membership fee you paid in the last twelve months.
        </p>
        <h2>8. Changes and contact</h2>
        <p>
          We may update these terms; we email members at least 30 days before a change that affects them. Questions: <Link to="/contact">contact us</Link>.
        </p>
      </Prose>
    </InfoLayout>
  );
}
