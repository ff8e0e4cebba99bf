import styled from 'styled-components';
import { Card, theme } from '@altmed/web-kit';
import type { PromoCode } from '../api/promoCodes';

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 15px;
  th,
  td {
    text-align: left;
    padding: 12px 14px;
    border-bottom: 1px solid ${theme.colors.border};
  }
  th {
    font-size: 13px;
    letter-spacing: 0.05em;
    text-transform: uppercase;
    color: ${theme.colors.textMuted};
  }
  tbody tr:last-child td {
    border-bottom: none;
  }
  td.code {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-weight: 600;
  }
`;

/** The audit trail under the code: who created it and when. */
const Created = styled.span`
  display: block;
  margin-top: 2px;
  font-family: ${theme.fonts.body};
  font-size: 13px;
  font-weight: 400;
  color: ${theme.colors.textMuted};
`;

const Status = styled.span<{ $active: boolean }>`
  display: inline-block;
  padding: 3px 10px;
  border-radius: ${theme.radii.pill};
  font-size: 13px;
  font-weight: 600;
  background: ${(p) => (p.$active ? theme.colors.successSoft : theme.colors.surfaceMuted)};
  color: ${(p) => (p.$active ? theme.colors.success : theme.colors.textMuted)};
`;

const Heading = styled.h2`
  font-size: 20px;
  margin-bottom: 12px;
`;

export function formatExpiry(value: string | null | undefined): string {
  if (!value) return 'No expiry';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'No expiry' : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function createdLine(promo: PromoCode): string | null {
  if (!promo.createdBy || !promo.createdAt) return null;
  const date = new Date(promo.createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return `Created by ${promo.createdBy.email} on ${date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}`;
}

export function PromoCodesTable({ promoCodes }: { promoCodes: PromoCode[] }) {
  return (
    <Card>
      <Heading>Active Promo Codes</Heading>
      <Scroll>
        <Table>
          <thead>
            <tr>
              <th>Code</th>
              <th>Discount</th>
              <th>Expiry Date</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {promoCodes.map((promo) => {
              const created = createdLine(promo);
              return (
                <tr key={promo._id}>
                  <td className="code">
                    {promo.code}
                    {created ? <Created>{created}</Created> : null}
                  </td>
                  <td>{promo.discountPercentage}%</td>
                  <td>{formatExpiry(promo.expiresAt)}</td>
                  <td>
                    <Status $active={promo.isActive}>{promo.isActive ? 'Active' : 'Inactive'}</Status>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Scroll>
    </Card>
  );
}
