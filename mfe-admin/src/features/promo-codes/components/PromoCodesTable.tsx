import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { Note, Scroll, Table } from '../../../components/DataTable';
import { Section } from '../../../components/Section';
import type { PromoCode } from '../api/promoCodes';

/** The code itself, as it is typed at checkout. */
const Code = styled.td`
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-weight: 600;
`;

/** The audit trail under the code (who created it and when), in the body font. */
const Created = styled(Note)`
  font-family: ${theme.fonts.body};
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
    <Section title="Active Promo Codes">
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
                  <Code>
                    {promo.code}
                    {created ? <Created>{created}</Created> : null}
                  </Code>
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
    </Section>
  );
}
