import { fireEvent, screen, within } from '@testing-library/react';
import { AREAS_OF_INTEREST } from '@altmed/contracts/web';
import { renderApp, setViewportWidth } from '../../../test/renderApp';

afterEach(() => {
  // @ts-expect-error remove the stub between tests
  delete window.matchMedia;
});

describe('home page', () => {
  it('shows the hero, three stories, pricing and how it works', () => {
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: /alternative medicine/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Now' })).toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: /story from/i })).toHaveLength(3);
    expect(screen.getByText('$119.88')).toBeInTheDocument();
    expect(screen.getByText(/Starting at \$9\.99 USD per month/)).toBeInTheDocument();
    const how = screen.getByRole('region', { name: /three steps/i });
    expect(within(how).getAllByRole('listitem')).toHaveLength(3);
  });

  it('lists all 11 areas of interest on wide screens, without See All', () => {
    setViewportWidth(1280);
    renderApp('/');
    const areas = screen.getByRole('region', { name: /find care/i });
    expect(within(areas).getAllByRole('listitem')).toHaveLength(AREAS_OF_INTEREST.length);
    expect(within(areas).queryByRole('button', { name: 'See All' })).not.toBeInTheDocument();
  });

  it('shows 6 areas below 768px and the rest in the See All drawer', () => {
    setViewportWidth(390);
    renderApp('/');
    const areas = screen.getByRole('region', { name: /find care/i });
    expect(within(areas).getAllByRole('listitem')).toHaveLength(6);
    fireEvent.click(within(areas).getByRole('button', { name: 'See All' }));
    const drawer = screen.getByRole('dialog', { name: 'All Areas of Interest' });
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(11);
    expect(within(drawer).getByText("Women's Health")).toBeInTheDocument();
  });

  it('opens the membership step of the join flow from the hero', () => {
    renderApp('/');
    fireEvent.click(screen.getByRole('button', { name: 'Join Now' }));
    const dialog = screen.getByRole('dialog', { name: 'What You Get with Your Membership' });
    expect(within(dialog).getByText(/119\.88 USD/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
