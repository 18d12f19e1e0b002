import '../support/matchers';
import { metaCreative } from '@server/platforms/sandbox/data/creative';
import { AdPreviewSwitcher } from '@src/features/planning/creative/preview/AdPreview';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ASSETS, ad } from './fixtures';

const texts = { primaryText: ['Out now'], headline: ['Spring'] };

const panelKind = () => screen.getByRole('tabpanel').querySelector('[data-kind]')?.getAttribute('data-kind');
const panelAspect = () =>
  screen.getByRole('tabpanel').querySelector('[data-aspect]')?.getAttribute('data-aspect');

describe('AdPreviewSwitcher', () => {
  it('offers a tab per placement of the ad’s format, the first one shown', () => {
    render(
      <AdPreviewSwitcher ad={ad({ texts })} specs={metaCreative} assets={ASSETS} brandName="Northwind" />,
    );
    const tablist = screen.getByRole('tablist', { name: 'Meta placements' });
    expect(tablist).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Facebook Feed', 'Instagram Feed', 'Instagram Stories']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(screen.getByRole('tabpanel', { name: 'Facebook Feed' })).toBeInTheDocument();
    expect(panelKind()).toBe('feed');
    expect(panelAspect()).toBe('1:1');
  });

  it('moves between placements with the arrow keys, Home and End, wrapping at the ends', async () => {
    const user = userEvent.setup();
    render(
      <AdPreviewSwitcher ad={ad({ texts })} specs={metaCreative} assets={ASSETS} brandName="Northwind" />,
    );
    await user.click(screen.getByRole('tab', { name: 'Facebook Feed' }));

    await user.keyboard('{ArrowRight}');
    const instagram = screen.getByRole('tab', { name: 'Instagram Feed' });
    expect(instagram).toHaveFocus();
    expect(instagram).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Instagram Feed' })).toBeInTheDocument();
    expect(panelAspect()).toBe('4:5');

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Instagram Stories' })).toHaveFocus();
    expect(panelKind()).toBe('story');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Facebook Feed' })).toHaveFocus();
    expect(panelKind()).toBe('feed');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Instagram Stories' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Facebook Feed' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a placement on click, and falls back to the first when a format change takes it away', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <AdPreviewSwitcher ad={ad({ texts })} specs={metaCreative} assets={ASSETS} brandName="Northwind" />,
    );
    await user.click(screen.getByRole('tab', { name: 'Instagram Stories' }));
    expect(panelKind()).toBe('story');

    // Meta's carousels do not run in Stories.
    rerender(
      <AdPreviewSwitcher
        ad={ad({ texts, format: 'carousel' })}
        specs={metaCreative}
        assets={ASSETS}
        brandName="Northwind"
      />,
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Facebook Feed', 'Instagram Feed']);
    expect(screen.getByRole('tab', { name: 'Facebook Feed' })).toHaveAttribute('aria-selected', 'true');
    expect(panelKind()).toBe('feed');
  });

  it('asks for a format when the ad’s format has no placements', () => {
    render(
      <AdPreviewSwitcher
        ad={ad({ format: '' })}
        specs={metaCreative}
        assets={ASSETS}
        brandName="Northwind"
      />,
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText(/Choose the ad’s format/)).toBeInTheDocument();
  });
});
