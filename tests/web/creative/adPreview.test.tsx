import '../support/matchers';
import {
  googleCreative,
  metaCreative,
  pinterestCreative,
  snapchatCreative,
  tiktokCreative,
} from '@server/platforms/sandbox/data/creative';
import { AdPreview } from '@src/features/planning/creative/preview/AdPreview';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ASSETS, ad, IMAGE_ID, VIDEO_ID } from './fixtures';

const BRAND = 'Northwind Outdoor';

/** 126 characters: one past Meta's "See more" point. */
const PRIMARY_126 =
  'Run further in shoes built for every mile, every season and every road. Run further in shoes built for every mile, every seaso';

function feed(texts: Record<string, string[]>, placementKey = 'facebook_feed') {
  return render(
    <AdPreview
      ad={ad({ texts })}
      specs={metaCreative}
      assets={ASSETS}
      placementKey={placementKey}
      brandName={BRAND}
    />,
  );
}

/** The paragraph holding `start`: the mock draws each text in one element. */
const textStarting = (start: string) =>
  screen.getByText((_, element) => element?.tagName === 'P' && (element.textContent ?? '').startsWith(start));

describe('AdPreview: truncation where the platform truncates', () => {
  it('cuts Meta’s primary text after 125 characters with "… See more"', () => {
    expect(PRIMARY_126).toHaveLength(126);
    feed({ primaryText: [PRIMARY_126] });
    expect(textStarting('Run further').textContent).toBe(`${PRIMARY_126.slice(0, 125)}… See more`);
  });

  it('shows a primary text of exactly 125 characters whole', () => {
    const text = PRIMARY_126.slice(0, 125);
    feed({ primaryText: [text] });
    expect(textStarting('Run further').textContent).toBe(text);
    expect(screen.queryByText(/See more/)).toBeNull();
  });

  it('counts and cuts emoji as whole graphemes', () => {
    // Five UTF-16 units each (runner, zero-width joiner, female sign, variation selector): one character.
    const runner = '🏃‍♀️';
    feed({ primaryText: [runner.repeat(126)] });
    expect(textStarting(runner).textContent).toBe(`${runner.repeat(125)}… See more`);
  });

  it('cuts a headline past 40 characters with "…"', () => {
    const headline = 'Trail shoes that grip on every surface!!'; // 40
    feed({ primaryText: ['Hi'], headline: [`${headline}X`] });
    expect(textStarting('Trail shoes').textContent).toBe(`${headline}…`);
  });

  it('clips a text with no truncation point at its hard limit (TikTok ad text: 100)', () => {
    const text = 'a'.repeat(100);
    render(
      <AdPreview
        ad={ad({ platform: 'tiktok', format: 'video', texts: { adText: [`${text}bcd`] } })}
        specs={tiktokCreative}
        assets={ASSETS}
        placementKey="for_you"
        brandName={BRAND}
      />,
    );
    expect(textStarting('aaa').textContent).toBe(text);
  });
});

describe('AdPreview: feed post', () => {
  it('draws the brand, "Sponsored", the link bar and the call to action’s label', () => {
    feed({ primaryText: ['New season'], headline: ['Spring collection'], description: ['Free returns'] });
    expect(screen.getByRole('figure', { name: 'Meta Facebook Feed preview' })).toBeInTheDocument();
    expect(screen.getByText(BRAND)).toBeInTheDocument();
    expect(screen.getByText('N')).toBeInTheDocument();
    expect(screen.getByText('Sponsored')).toBeInTheDocument();
    expect(screen.getByText('example.com')).toBeInTheDocument();
    expect(screen.getByText('Spring collection')).toBeInTheDocument();
    expect(screen.getByText('Free returns')).toBeInTheDocument();
    expect(screen.getByText('Shop now')).toBeInTheDocument();
  });

  it('shows neutral placeholders for unwritten texts and no chosen asset, never "undefined"', () => {
    const { container } = render(
      <AdPreview
        ad={ad({ texts: {}, assets: [], callToAction: '' })}
        specs={metaCreative}
        assets={ASSETS}
        placementKey="facebook_feed"
        brandName={BRAND}
      />,
    );
    expect(screen.getByText('Text not written yet')).toBeInTheDocument();
    expect(screen.getByText('Headline not written yet')).toBeInTheDocument();
    expect(screen.getByText('Image')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).not.toMatch(/undefined|null|NaN/);
  });

  it('draws the picture as the server crops it: the placement’s first ratio around the focal point', () => {
    const texts = { primaryText: ['Hi'] };
    const assets = [{ assetId: IMAGE_ID, focalX: 0.25, focalY: 0.7 }];
    const { rerender } = render(
      <AdPreview
        ad={ad({ texts, assets })}
        specs={metaCreative}
        assets={ASSETS}
        placementKey="facebook_feed"
        brandName={BRAND}
      />,
    );
    const src = new URL(
      screen.getByRole('img', { name: 'trail-runner.jpg' }).getAttribute('src') ?? '',
      'https://app.test',
    );
    expect(src.pathname).toBe(`/api/assets/${IMAGE_ID}/crop`);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ aspect: '1:1', fx: '0.250', fy: '0.700' });
    expect(screen.getByRole('img', { name: 'trail-runner.jpg' }).parentElement).toHaveAttribute(
      'data-aspect',
      '1:1',
    );

    rerender(
      <AdPreview
        ad={ad({ texts, assets })}
        specs={metaCreative}
        assets={ASSETS}
        placementKey="instagram_feed"
        brandName={BRAND}
      />,
    );
    const instagram = new URL(
      screen.getByRole('img', { name: 'trail-runner.jpg' }).getAttribute('src') ?? '',
      'https://app.test',
    );
    expect(instagram.searchParams.get('aspect')).toBe('4:5');
  });

  it('draws a video as its poster with a play badge and its length', () => {
    render(
      <AdPreview
        ad={ad({ format: 'video', assets: [{ assetId: VIDEO_ID, focalX: 0.5, focalY: 0.5 }] })}
        specs={metaCreative}
        assets={ASSETS}
        placementKey="facebook_feed"
        brandName={BRAND}
      />,
    );
    expect(screen.getByRole('img', { name: 'launch.mp4 (video)' })).toHaveAttribute(
      'src',
      `/api/assets/${VIDEO_ID}/thumbnail`,
    );
    expect(screen.getByText('0:15')).toBeInTheDocument();
  });

  it('lays a carousel’s cards side by side, each with the headline and call to action', () => {
    render(
      <AdPreview
        ad={ad({
          format: 'carousel',
          texts: { primaryText: ['Pick yours'], headline: ['Spring collection'] },
          assets: [
            { assetId: IMAGE_ID, focalX: 0.1, focalY: 0.5 },
            { assetId: IMAGE_ID, focalX: 0.9, focalY: 0.5 },
          ],
        })}
        specs={metaCreative}
        assets={ASSETS}
        placementKey="facebook_feed"
        brandName={BRAND}
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Carousel cards' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const focal = cards.map((card) =>
      new URL(within(card).getByRole('img').getAttribute('src') ?? '', 'https://app.test').searchParams.get(
        'fx',
      ),
    );
    expect(focal).toEqual(['0.100', '0.900']);
    expect(within(cards[1] as HTMLElement).getByText('Shop now')).toBeInTheDocument();
  });
});

describe('AdPreview: search ad', () => {
  const search = (overrides: Parameters<typeof ad>[0]) =>
    render(
      <AdPreview
        ad={ad({
          platform: 'google',
          format: 'responsive_search',
          assets: [],
          callToAction: '',
          ...overrides,
        })}
        specs={googleCreative}
        assets={ASSETS}
        placementKey="search"
        brandName={BRAND}
      />,
    );

  it('writes the display URL from the landing page’s host and the display path', () => {
    search({
      destinationUrl: 'https://www.example.com/collections/spring?ref=ads',
      texts: { headline: ['A', 'B', 'C'], description: ['D', 'E'], path: ['running', 'women'] },
    });
    expect(screen.getByText('Sponsored')).toBeInTheDocument();
    expect(screen.getByText('www.example.com/running/women')).toBeInTheDocument();
  });

  it('joins the first three written headlines with " | " and the first two descriptions', () => {
    search({
      texts: {
        headline: ['Trail running shoes', '', 'Free returns', 'Order today', 'Never shown'],
        description: ['Grip on every surface.', 'Light and waterproof.', 'Never shown either.'],
        path: [],
      },
    });
    expect(screen.getByRole('heading').textContent).toBe('Trail running shoes | Free returns | Order today');
    expect(screen.getByText('Grip on every surface. Light and waterproof.')).toBeInTheDocument();
    expect(screen.getByText('www.example.com')).toBeInTheDocument();
    expect(screen.queryByText(/Never shown/)).toBeNull();
  });

  it('shows placeholders while the headlines and the URL are missing', () => {
    search({ destinationUrl: 'not a url', texts: {} });
    expect(screen.getByText('Headlines not written yet')).toBeInTheDocument();
    expect(screen.getByText('Display URL not written yet')).toBeInTheDocument();
  });
});

describe('AdPreview: full-screen and pin placements', () => {
  it('draws a story with the brand at the top, the text over the picture and the call to action', () => {
    render(
      <AdPreview
        ad={ad({ texts: { primaryText: ['Out now'], headline: ['Spring'] } })}
        specs={metaCreative}
        assets={ASSETS}
        placementKey="instagram_stories"
        brandName={BRAND}
      />,
    );
    expect(screen.getByText('Out now')).toBeInTheDocument();
    expect(screen.getByText('Shop now')).toBeInTheDocument();
    expect(
      new URL(screen.getByRole('img').getAttribute('src') ?? '', 'https://app.test').searchParams.get(
        'aspect',
      ),
    ).toBe('9:16');
  });

  it('takes Snapchat’s brand name from the ad’s own field, with "Swipe up"', () => {
    render(
      <AdPreview
        ad={ad({
          platform: 'snapchat',
          texts: { brandName: ['Northwind'], headline: ['Spring drop'] },
          callToAction: snapchatCreative.callsToAction[0]?.key ?? '',
        })}
        specs={snapchatCreative}
        assets={ASSETS}
        placementKey="snap_stories"
        brandName="Another brand"
      />,
    );
    expect(screen.getByText('Northwind')).toBeInTheDocument();
    expect(screen.queryByText('Another brand')).toBeNull();
    expect(screen.getByText('Spring drop')).toBeInTheDocument();
    expect(screen.getByText('Swipe up')).toBeInTheDocument();
    expect(screen.getByText(snapchatCreative.callsToAction[0]?.label ?? '?')).toBeInTheDocument();
  });

  it('draws a pin in 2:3 with its title cut after 40 characters and "Promoted by"', () => {
    const title = 'Forty characters of a title, exactly!!!!'; // 40
    render(
      <AdPreview
        ad={ad({ platform: 'pinterest', texts: { title: [`${title} and more`] } })}
        specs={pinterestCreative}
        assets={ASSETS}
        placementKey="home_feed"
        brandName={BRAND}
      />,
    );
    expect(title).toHaveLength(40);
    expect(textStarting('Forty').textContent).toBe(`${title}…`);
    expect(screen.getByText('Promoted by')).toBeInTheDocument();
    expect(
      new URL(screen.getByRole('img').getAttribute('src') ?? '', 'https://app.test').searchParams.get(
        'aspect',
      ),
    ).toBe('2:3');
  });
});
