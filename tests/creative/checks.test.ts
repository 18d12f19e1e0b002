import {
  type Ad,
  checkCreative,
  checkCreativeSavable,
  clipText,
  creativeWarnings,
  finalUrl,
  graphemes,
  lengthState,
  textLength,
} from '@contract/creative';
import type { RulesByPlatform } from '@contract/planning';
import { SANDBOX_PLATFORMS } from '@server/platforms/sandbox/data';
import { FITS_ALL_IMAGE, validAd } from '@tooling/fixtures/creative';
import { describe, expect, it } from 'vitest';

/**
 * How the platforms count a text (graphemes; double width for Google Ads and Microsoft Advertising) and
 * what the shared checks make of it, plus the final URL the platforms get.
 */

const RULES: RulesByPlatform = Object.fromEntries(
  [...SANDBOX_PLATFORMS].map(([key, platform]) => [key, platform.rules]),
);
const LIBRARY = { image: 'image-1', video: 'video-1' };
const ASSETS = { [LIBRARY.image]: { id: LIBRARY.image, ...FITS_ALL_IMAGE } };

const THUMBS_UP_MEDIUM = '👍🏽'; // U+1F44D U+1F3FD
const FAMILY = '👨‍👩‍👧‍👦'; // four people joined by ZWJ
const E_ACUTE = 'e\u0301'; // e + combining acute accent
const CJK = '日本語';

function adWith(platform: string, field: string, text: string, objectiveId = 2): Ad {
  const ad = validAd(RULES[platform]!.creative, objectiveId, LIBRARY);
  const current = ad.texts[field] ?? [];
  return { ...ad, texts: { ...ad.texts, [field]: [text, ...current.slice(1)] } };
}
const issuesOf = (ad: Ad, objectiveId = 2) =>
  checkCreative([ad], { rules: RULES, objectiveId, platforms: [ad.platform], assets: ASSETS });

describe('textLength', () => {
  it('counts what a reader sees as one character as one', () => {
    for (const text of [THUMBS_UP_MEDIUM, FAMILY, E_ACUTE, '🇩🇪', 'a'])
      for (const counting of ['graphemes', 'graphemes_wide_double'] as const)
        expect([text, counting, textLength(text, counting)]).toEqual([text, counting, 1]);
    expect(FAMILY.length).toBe(11); // UTF-16 units: what a naive count would say
    expect(graphemes(`${FAMILY}${E_ACUTE}!`)).toEqual([FAMILY, E_ACUTE, '!']);
  });

  it('counts Chinese, Japanese and Korean characters and full-width forms as two where Google and Microsoft do', () => {
    expect(textLength(CJK, 'graphemes')).toBe(3);
    expect(textLength(CJK, 'graphemes_wide_double')).toBe(6);
    expect(textLength('한국어 ＡＢ', 'graphemes_wide_double')).toBe(11);
    expect(textLength('ひらがなカタカナ', 'graphemes_wide_double')).toBe(16);
    expect(textLength('Café', 'graphemes_wide_double')).toBe(4);
  });

  it('clips a preview without splitting a character', () => {
    expect(clipText(`ab${FAMILY}cd`, 3, 'graphemes')).toBe(`ab${FAMILY}`);
    expect(clipText(`ab${FAMILY}cd`, 2, 'graphemes')).toBe('ab');
    expect(clipText(`a${CJK}`, 4, 'graphemes_wide_double')).toBe('a日');
    expect(clipText('short', 40, 'graphemes')).toBe('short');
  });

  it('colours a counter green, then amber past the truncation point, red past the limit', () => {
    const field = { maxLength: 100, truncateAt: 40 };
    expect([40, 41, 100, 101].map((n) => lengthState(n, field))).toEqual([
      'ok',
      'truncated',
      'truncated',
      'over',
    ]);
    expect(lengthState(30, { maxLength: 30, truncateAt: null })).toBe('ok');
  });
});

describe('the platforms counting texts', () => {
  it('Google Ads and Microsoft Advertising: 15 CJK characters fill a 30-character headline, 16 break it', () => {
    for (const [platform, name] of [
      ['google', 'Google Ads'],
      ['microsoft', 'Microsoft Advertising'],
    ] as const) {
      const path = platform === 'google' ? 'ads.0.texts.headline.0' : 'ads.0.texts.headline';
      expect(issuesOf(adWith(platform, 'headline', '日'.repeat(15)))).toEqual({});
      expect(issuesOf(adWith(platform, 'headline', '日'.repeat(16)))).toEqual({
        [path]: `${name} allows at most 30 characters here (this has 32)`,
      });
      expect(issuesOf(adWith(platform, 'headline', THUMBS_UP_MEDIUM.repeat(30)))).toEqual({});
    }
  });

  it('Meta counts a CJK character once: 40 fit before the headline is cut, the 41st is cut', () => {
    const ad = adWith('meta', 'headline', '日'.repeat(40));
    expect(issuesOf(ad)).toEqual({});
    expect(creativeWarnings([ad], RULES)).toEqual({});
    expect(creativeWarnings([adWith('meta', 'headline', '日'.repeat(41))], RULES)).toEqual({
      'ads.0.texts.headline': 'Meta shows about 40 characters before cutting it off',
    });
  });

  it('TikTok: 100 emoji with skin tones or ZWJ families fit the ad text, 101 do not', () => {
    for (const emoji of [THUMBS_UP_MEDIUM, FAMILY, E_ACUTE]) {
      expect(issuesOf(adWith('tiktok', 'adText', emoji.repeat(100)))).toEqual({});
      expect(issuesOf(adWith('tiktok', 'adText', emoji.repeat(101)))).toEqual({
        'ads.0.texts.adText': 'TikTok allows at most 100 characters here (this has 101)',
      });
    }
  });

  it('LinkedIn and Pinterest warn past their "see more" points and refuse past their limits', () => {
    expect(creativeWarnings([adWith('linkedin', 'introText', 'a'.repeat(151))], RULES)).toEqual({
      'ads.0.texts.introText': 'LinkedIn shows about 150 characters before cutting it off',
    });
    expect(issuesOf(adWith('linkedin', 'introText', 'a'.repeat(601)))).toEqual({
      'ads.0.texts.introText': 'LinkedIn allows at most 600 characters here (this has 601)',
    });
    expect(issuesOf(adWith('pinterest', 'title', 'a'.repeat(101)))['ads.0.texts.title']).toBe(
      'Pinterest allows at most 100 characters here (this has 101)',
    );
    expect(issuesOf(adWith('snapchat', 'brandName', 'a'.repeat(26)))['ads.0.texts.brandName']).toBe(
      'Snapchat allows at most 25 characters here (this has 26)',
    );
    expect(issuesOf(adWith('snapchat', 'headline', 'a'.repeat(35)))['ads.0.texts.headline']).toBe(
      'Snapchat allows at most 34 characters here (this has 35)',
    );
  });

  it('names every platform of the plan that has no ad, and refuses an ad for a platform outside it', () => {
    const meta = validAd(RULES.meta!.creative, 2, LIBRARY);
    expect(
      checkCreative([meta], {
        rules: RULES,
        objectiveId: 2,
        platforms: ['meta', 'google', 'tiktok'],
        assets: ASSETS,
      }),
    ).toEqual({ ads: 'Add an ad for Google Ads and TikTok' });
    expect(
      checkCreative([meta], { rules: RULES, objectiveId: 2, platforms: ['google'], assets: ASSETS }),
    ).toEqual({
      'ads.0.platform': 'Meta is not in this plan',
      ads: 'Add an ad for Google Ads',
    });
  });

  it("refuses a format the platform does not run for the campaign's objective", () => {
    const responsive = {
      ...validAd(RULES.google!.creative, 2, LIBRARY),
      format: 'responsive_search',
      assets: [],
      texts: { headline: ['One', 'Two', 'Three'], description: ['First one', 'Second one'] },
    };
    expect(issuesOf(responsive, 2)).toEqual({});
    expect(issuesOf(responsive, 1)).toEqual({
      'ads.0.format': "Google Ads does not run responsive search ad ads for this campaign's objective",
    });
  });
});

describe('checkCreativeSavable: what refuses a save, apart from what is still missing', () => {
  const context = (platforms: string[]) => ({ rules: RULES, objectiveId: 2, platforms, assets: ASSETS });
  const meta = validAd(RULES.meta!.creative, 2, LIBRARY);

  it('lets ads still missing a text, a picture or a whole platform through, while checkCreative names them', () => {
    const begun = { ...meta, texts: { ...meta.texts, primaryText: [] }, assets: [], destinationUrl: '' };
    const blankEntry = { ...meta, texts: { ...meta.texts, primaryText: ['   '] } };
    expect(checkCreative([begun, blankEntry], context(['meta', 'google', 'tiktok']))).toEqual({
      'ads.0.destinationUrl': 'Enter the destination URL',
      'ads.0.texts.primaryText': 'Enter the primary text',
      'ads.0.assets': 'Meta single image ads need 1 image',
      'ads.1.texts.primaryText': 'Enter the primary text',
      ads: 'Add an ad for Google Ads and TikTok',
    });
    expect(checkCreativeSavable([begun, blankEntry], context(['meta', 'google', 'tiktok']))).toEqual({});
    expect(checkCreativeSavable([], context(['meta']))).toEqual({});
  });

  it('refuses what breaks a rule as typed, with the messages and paths of checkCreative', () => {
    const ads = [
      { ...meta, texts: { ...meta.texts, primaryText: ['x'.repeat(2201)], slogan: ['Hi'] } },
      { ...meta, callToAction: 'BUY_IT', assets: [{ assetId: 'gone', focalX: 0.5, focalY: 0.5 }] },
      { ...meta, assets: [...meta.assets, ...meta.assets] },
      { ...meta, format: 'responsive_search' },
      { ...validAd(RULES.google!.creative, 2, LIBRARY) },
    ];
    const hard = {
      'ads.0.texts.primaryText': 'Meta allows at most 2,200 characters here (this has 2,201)',
      'ads.0.texts.slogan': 'Meta single image ads have no slogan text',
      'ads.1.assets.0.assetId': 'Asset not found',
      'ads.1.callToAction': "Choose one of Meta's calls to action",
      'ads.2.assets': 'Meta single image ads take at most 1 image',
      'ads.3.format': 'Meta does not run responsive search ad ads',
      'ads.4.platform': 'Google Ads is not in this plan',
    };
    expect(checkCreativeSavable(ads, context(['meta', 'tiktok']))).toEqual(hard);
    expect(checkCreative(ads, context(['meta', 'tiktok']))).toEqual({
      ...hard,
      ads: 'Add an ad for TikTok',
    });
  });

  it('names a rule broken where something is also missing: too many entries, some of them empty', () => {
    const search = {
      ...validAd(RULES.google!.creative, 2, LIBRARY),
      format: 'responsive_search',
      assets: [],
      texts: { headline: ['One', ...Array(15).fill('')], description: ['First one', 'Second one'] },
    };
    expect(checkCreative([search], context(['google']))['ads.0.texts.headline']).toBe(
      'Google Ads needs at least 3 headlines',
    );
    expect(checkCreativeSavable([search], context(['google']))).toEqual({
      'ads.0.texts.headline': 'Google Ads takes at most 15 headlines',
    });
  });
});

describe('finalUrl', () => {
  it('adds the UTM parameters, replacing the page’s own and dropping empty ones', () => {
    expect(
      finalUrl('https://example.com/offer?utm_source=old&ref=1', {
        source: 'facebook',
        medium: 'paid_social',
        campaign: 'spring_sale',
        content: '',
      }),
    ).toBe(
      'https://example.com/offer?utm_source=facebook&ref=1&utm_medium=paid_social&utm_campaign=spring_sale',
    );
    expect(finalUrl('https://example.com/a b', null)).toBe('https://example.com/a%20b');
  });
});
