import type { UseQueryResult } from '@tanstack/react-query';
import styled from 'styled-components';
import { QueryProvider } from '@altmed/web-kit/src/query';
import { PageContainer, PageTitle, theme } from '@altmed/web-kit';
import { Banner } from '../../../components/Banner';
import { BarChart, type BarSeries } from '../../../components/BarChart';
import { answered, CallsStatus } from '../../../components/CallsStatus';
import { useFigures } from '../../../hooks/useFigures';
import { chartWeeks, perWeek } from '../../../lib/figures';
import { formatCount, formatMoneyBrief } from '../../../lib/figureFormat';
import { formatMoney } from '../../../lib/format';
import { FigureCard } from './FigureCard';

// As many columns of at least 200px as fit (two on a phone); the revenue card takes two of them.
const Figures = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 16px;
  margin-bottom: 24px;
  ${theme.mobile} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 12px;
  }
`;

/** A failed call's message across the whole row, in place of the figures it would have given. */
const RowProblem = styled.div`
  grid-column: 1 / -1;
  p {
    margin-bottom: 0;
  }
`;

function Failed({ call }: { call: UseQueryResult<unknown> }) {
  return call.isError ? (
    <RowProblem>
      <Banner tone="error">{call.error.message}</Banner>
    </RowProblem>
  ) : null;
}

/**
 * The admin Dashboard: this week's figures, each a link to the page where it is worked on (members,
 * this month's revenue and refunds, providers and reviews waiting), and two charts of the last weeks:
 * sign-ups with paid and refunded memberships, and revenue with the refunded amounts. A refunded
 * payment counts as refunded, not as paid, in the week and month it was paid. Each service's figures load and fail on their own, so one
 * service down or still loading its list leaves the others' figures and charts shown.
 */
function DashboardPageContent() {
  const { members, payments, providers } = useFigures();
  const money = (cents: number) => formatMoney(cents, payments.data?.currency ?? 'usd');
  const moneyBrief = (cents: number) => formatMoneyBrief(cents, payments.data?.currency ?? 'usd');

  // Sign-ups and paid memberships, drawn once both calls have answered, with what each gave.
  const activityCalls = [members, payments];
  const activityWeeks = chartWeeks(members.data?.weeks, payments.data?.weeks);
  const activity: BarSeries[] = [];
  if (answered(activityCalls) && members.data)
    activity.push({ name: 'Sign-ups', values: perWeek(activityWeeks, members.data.weeks, (week) => week.signUps), colour: theme.colors.primary });
  if (answered(activityCalls) && payments.data) {
    activity.push({ name: 'Paid memberships', values: perWeek(activityWeeks, payments.data.weeks, (week) => week.paid), colour: theme.colors.accent });
    activity.push({ name: 'Refunded', values: perWeek(activityWeeks, payments.data.weeks, (week) => week.refunded), colour: theme.colors.danger });
  }

  const revenueWeeks = chartWeeks(payments.data?.weeks);
  const revenue: BarSeries[] = payments.data
    ? [
        { name: 'Revenue', values: perWeek(revenueWeeks, payments.data.weeks, (week) => week.revenue), colour: theme.colors.primary },
        { name: 'Refunded', values: perWeek(revenueWeeks, payments.data.weeks, (week) => week.refundedAmount), colour: theme.colors.danger },
      ]
    : [];

  return (
    <PageContainer>
      <PageTitle subtitle="Members, revenue and what waits for an administrator, and how the last weeks went.">Dashboard</PageTitle>
      <Figures>
        {members.isError ? (
          <Failed call={members} />
        ) : (
          <>
            <FigureCard label="Active members" value={members.data && formatCount(members.data.activeMembers)} to="/admin/users" />
            <FigureCard
              label="New members this week"
              value={members.data && formatCount(members.data.newMembersThisWeek)}
              note="Signed up in the last 7 days"
              to="/admin/users"
            />
          </>
        )}
        {payments.isError ? (
          <Failed call={payments} />
        ) : (
          <>
            <FigureCard
              wide
              label="Revenue this month"
              value={payments.data && money(payments.data.revenueThisMonth)}
              note={payments.data && `Last month: ${money(payments.data.revenueLastMonth)}`}
              to="/admin/orders"
            />
            <FigureCard
              label="Refunded this month"
              value={payments.data && money(payments.data.refundedThisMonth)}
              note={payments.data && `Last month: ${money(payments.data.refundedLastMonth)}`}
              to="/admin/orders"
            />
          </>
        )}
        {providers.isError ? (
          <Failed call={providers} />
        ) : (
          <>
            <FigureCard label="Providers waiting for review" value={providers.data && formatCount(providers.data.providersPending)} to="/admin/providers" />
            <FigureCard label="Reviews waiting for moderation" value={providers.data && formatCount(providers.data.reviewsPending)} to="/admin/reviews" />
          </>
        )}
      </Figures>
      <BarChart title="Sign-ups and paid memberships per week" weeks={activityWeeks} series={activity} format={formatCount}>
        <CallsStatus calls={activityCalls} loading="Loading sign-ups and payments..." />
      </BarChart>
      <BarChart title="Revenue per week" weeks={revenueWeeks} series={revenue} format={money} formatTick={moneyBrief}>
        <CallsStatus calls={[payments]} loading="Loading revenue..." />
      </BarChart>
    </PageContainer>
  );
}

/** The Dashboard inside the page's query client. */
export function DashboardPage() {
  return (
    <QueryProvider>
      <DashboardPageContent />
    </QueryProvider>
  );
}
