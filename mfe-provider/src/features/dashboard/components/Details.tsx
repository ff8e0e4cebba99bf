import { Fragment } from 'react';
import styled from 'styled-components';
import { theme } from '@altmed/web-kit';

const Dl = styled.dl`
  display: grid;
  grid-template-columns: 200px 1fr;
  gap: 8px 16px;
  margin: 0;
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ${theme.mobile} {
    grid-template-columns: 1fr;
    gap: 2px;
    dd {
      margin-bottom: 8px;
    }
  }
`;

/** A label and its value; an empty value shows as a dash. */
export type DetailRow = [label: string, value: string | string[] | undefined];

const shown = (value: DetailRow[1]) => (Array.isArray(value) ? value.join(', ') : value) || '—';

export function Details({ rows }: { rows: DetailRow[] }) {
  return (
    <Dl>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{shown(value)}</dd>
        </Fragment>
      ))}
    </Dl>
  );
}
