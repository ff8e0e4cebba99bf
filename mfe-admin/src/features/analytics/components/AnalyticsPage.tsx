import styled from 'styled-components';
import { WEEKS_CHARTED } from '@altmed/contracts/web';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { PageContainer, PageTitle, theme } from '@altmed/web-kit';
import { BarChart, type BarSeries } from '../../../components/BarChart';
import { answered, CallsStatus } from '../../../components/CallsStatus';
import { Section } from '../../../components/Section';
import { useFigures } from '../../../hooks/useFigures';
import { chartWeeks, perWeek, total } from '../../../lib/figures';
import { formatCount } from '../../../lib/figureFormat';
import { funnelRates } from '../funnel';
import { MostSearched } from './MostSearched';
import { PromoCodeRevenue } from './PromoCodeRevenue';

const Lead = styled.p`
  margin-bottom: 14px;
  font-weight: 500;
`;

const Intro = styled.p`
  margin: -6px 0 14px;
  color: ${theme.colors.textMuted};
  font-size: 14px;
`;

/**
 * The Analytics Dashboard, over the last weeks: the join funnel (sign-ups, payments started, paid
 * and refunded since, per week, with the conversion over all of them; paid is net of refunds, as
 * on the Dashboard), paid and refunded memberships and revenue per promo code,
 * providers signed up, approved and blocked per week, and the directory's most searched specialty
 * areas and places. Each service's figures load and fail on their own, so one service down or still
 * loading its list leaves the others' parts shown.
 */
function AnalyticsPageContent() {
  const { members, payments, providers } = useFigures();

  // The funnel is drawn once both its calls have answered, with what each gave.
  const funnelCalls = [members, payments];
  const funnelWeeks = chartWeeks(members.data?.weeks, payments.data?.weeks);
  const signUps = members.data ? perWeek(funnelWeeks, members.data.weeks, (week) => week.signUps) : undefined;
  const started = payments.data ? perWeek(funnelWeeks, payments.data.weeks, (week) => week.started) : undefined;
  const paid = payments.data ? perWeek(funnelWeeks, payments.data.weeks, (week) => week.paid) : undefined;
  const refunded = payments.data ? perWeek(funnelWeeks, payments.data.weeks, (week) => week.refunded) : undefined;
  const funnel: BarSeries[] = [];
  if (answered(funnelCalls)) {
    if (signUps) funnel.push({ name: 'Sign-ups', values: signUps, colour: theme.colors.primary });
    if (started) funnel.push({ name: 'Payments started', values: started, colour: theme.colors.accentBright });
    if (paid) funnel.push({ name: 'Paid', values: paid, colour: theme.colors.accent });
    if (refunded) funnel.push({ name: 'Refunded', values: refunded, colour: theme.colors.danger });
  }
  const rates = answered(funnelCalls)
    ? funnelRates(
        { signUps: signUps && total(signUps), started: started && total(started), paid: paid && total(paid), refunded: refunded && total(refunded) },
        funnelWeeks.length,
      )
    : null;

  const providerWeeks = chartWeeks(providers.data?.weeks);
  const providerRows = providers.data?.weeks ?? [];
  const providerSeries: BarSeries[] = providers.data
    ? [
        { name: 'Signed up', values: perWeek(providerWeeks, providerRows, (week) => week.signedUp), colour: theme.colors.accentBright },
        { name: 'Approved', values: perWeek(providerWeeks, providerRows, (week) => week.approved), colour: theme.colors.primary },
        { name: 'Blocked', values: perWeek(providerWeeks, providerRows, (week) => week.blocked), colour: theme.colors.danger },
      ]
    : [];

  return (
    <PageContainer>
      <PageTitle subtitle={`How visitors become members, what promo codes bring in, providers and directory searches, over the last ${WEEKS_CHARTED} weeks.`}>
        Analytics Dashboard
      </PageTitle>
      <BarChart title="Join funnel per week" weeks={funnelWeeks} series={funnel} format={formatCount}>
        <CallsStatus calls={funnelCalls} loading="Loading sign-ups and payments..." />
        {rates ? <Lead>{rates}</Lead> : null}
      </BarChart>
      <Section title="Revenue by promo code">
        <Intro>Paid memberships (refunds apart) and revenue over the last {WEEKS_CHARTED} weeks, most revenue first.</Intro>
        <CallsStatus calls={[payments]} loading="Loading payments..." />
        {payments.data ? <PromoCodeRevenue rows={payments.data.byPromoCode} currency={payments.data.currency} /> : null}
      </Section>
      <BarChart title="Providers per week" weeks={providerWeeks} series={providerSeries} format={formatCount}>
        <CallsStatus calls={[providers]} loading="Loading providers..." />
      </BarChart>
      <Section title="Most searched">
        <Intro>The directory&apos;s most searched specialty areas and places over the last {WEEKS_CHARTED} weeks.</Intro>
        <CallsStatus calls={[providers]} loading="Loading searches..." />
        {providers.data ? <MostSearched mostSearched={providers.data.mostSearched} /> : null}
      </Section>
    </PageContainer>
  );
}

/** The Analytics Dashboard inside the page's query client. */
export function AnalyticsPage() {
  return (
    <QueryProvider>
      <AnalyticsPageContent />
    </QueryProvider>
  );
}
