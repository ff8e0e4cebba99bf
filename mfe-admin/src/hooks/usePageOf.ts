import { useState } from 'react';

/**
 * The page of a list, which belongs to the filters it was chosen under: new filters (`filters`, any
 * string that changes with them) start at page 1 again.
 */
export function usePageOf(filters: string) {
  const [paging, setPaging] = useState({ filters, page: 1 });
  if (paging.filters !== filters) setPaging({ filters, page: 1 });
  return {
    page: paging.filters === filters ? paging.page : 1,
    goToPage: (page: number) => setPaging({ filters, page }),
  };
}
