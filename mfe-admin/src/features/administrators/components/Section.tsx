import { useId, type ReactNode } from 'react';
import { Box } from './styles';

/** A titled part of the settings page: a card that assistive technology lists as a region by its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </Box>
  );
}
